"""Fuzzing campaign: generated and mutated Python sources through the facts extractor and the checker.

    python tests/fuzz/campaign.py --budget-seconds 300          # prints inputs run and crashes found
    python tests/fuzz/campaign.py --budget-seconds 30 --crash-dir /tmp/crashes

Three kinds of input, all built with hypothesis strategies:

- generated: modules assembled from a small Python grammar aimed at what the engine judges (imports and
  aliases, star imports, platform guards, try/except ImportError, classes with bases, methods calling
  `self`/`super()`, claims directives valid and invalid, lambdas, comprehensions, match, decorators...);
- mutated: real sources (the engine's own modules and the fixture projects) with lines deleted, duplicated,
  swapped, re-indented, truncated, or hostile fragments spliced in (NUL bytes, bad encoding cookies, stray
  directives, unbalanced brackets, invalid UTF-8);
- raw: arbitrary text and bytes;
- hostile file-system state (`hostile_state`): projects with a symlinked package directory (inside or outside
  the root), `.py`, `__init__.py` and directory symlink loops, dangling links, FIFOs, directories the OS will
  not list and files it will not read (through a seam: root ignores mode bits), project modules named like
  the stdlib's `time`, `sys`, `os`, `importlib`, and excluded files holding claims. Each carries sentinel claims whose
  truth is known: `exercise_state` fails on any of them held, on a problem not reported, on a path outside
  the root, and on anything raised.
- hostile state (`binding_source`, its own oracle `exercise_bindings`): a forbidden value bound by every
  binding form, constants rebound, the directive in every spelling of the decorator; the claim must get an
  item on every target and never be `held`.
- hostile cache state (`hostile_cache`, its oracle `exercise_cache`): a filled cache with one entry copied
  under another key, taken from another configuration, or rewritten (checksum and key valid) in a shape this
  version never writes; the next runs must equal a run without a cache.
- fail-closed shapes (`fail_closed_source`, its oracle `exercise_fail_closed`): a name testing the platform
  (`from sys import platform`, `import platform`, `WIN = sys.platform == "win32"`) shadowed by a loop variable,
  a local, a walrus, a parameter or a module-level rebinding; a `try` holding a stdlib import and another
  statement, its `except ImportError:` handler reaching a capability in the function or in a module-level
  fallback def; `self` / `cls` rebound (`self = self.parent`, `for self in ...`, walrus, `cls = k`) before a
  method call. Beside `exercise`'s checks, repeated runs (cold and warm) give byte-identical reports, and where
  the generator knows the capability is reachable the claim is never `held`;
- moving modules (`moving_layouts`, its oracle `exercise_layouts`): one project through a sequence of module
  layouts, the same bytes renamed between a module, a package's `__init__`, a subpackage, beside a folder
  without `__init__.py` of the same name; after each change a run on the cache must equal a run without one.

Each input goes through `exercise`, the oracle: `extract` must return facts (never raise), the facts must
survive the cache round trip, and a whole project holding the input must get a verdict for every claim from
`engine.check` (with a facts cache, cold and warm, for two platforms), the failure texts and the reports
must render, and nothing may raise. A crash is any exception out of the oracle; the campaign records it
(input and traceback) and carries on. `tests/fuzz/test_fuzz.py` runs a short, bounded version in the suite.
"""

from __future__ import annotations

import argparse
import errno
import hashlib
import os
import shutil
import sys
import tempfile
import time
import traceback
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from types import FrameType
from typing import Any
from unittest import mock

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from pytest_claims.analysis.extraction import extract_fresh
from pytest_claims.analysis.facts import extract
from pytest_claims.codec import conforms, decode, encode, pack, unpack
from pytest_claims.engine import Result, check
from pytest_claims.output.messages import failure_text
from pytest_claims.output.report import json_report, markdown_catalogue
from pytest_claims.persist import snapshot as snapshot_module
from pytest_claims.persist.cache import FactsCache, read_entry, write_entry
from pytest_claims.persist.snapshot import SHAPE as SNAPSHOT_SHAPE
from pytest_claims.persist.store import SUMMARIES_SHAPE, VERDICTS_SHAPE
from pytest_claims.plugin import ClaimsState
from pytest_claims.records import FileFacts, Summary
from pytest_claims.vocabulary import STATUSES

REPO = Path(__file__).resolve().parents[2]

# ---------------------------------------------------------------------------------------------------------
# The project every checked input lives in: `pkg.target` is the input; the helpers give it things to reach.

PYPROJECT = """\
[tool.claims]
packages = ["pkg"]
trusted = ["pkg.sandbox"]

[tool.claims.define.offline]
categories = ["network"]
"""

HELPERS: dict[str, str] = {
    "pkg/__init__.py": "from pkg.helpers import stamp as stamp\n",
    "pkg/helpers.py": (
        "import os\nimport time\n\n\ndef stamp():\n    return time.time()\n\n\n"
        "def pure(x):\n    return x + 1\n\n\ndef env(name):\n    return os.getenv(name)\n\n\n"
        "class Base:\n    def now(self):\n        return stamp()\n\n    def same(self, x):\n        return x\n"
    ),
    "pkg/sandbox.py": "def read(path):\n    with open(path) as handle:\n        return handle.read()\n",
    "pkg/cycle_a.py": "from pkg.cycle_b import *\n\n\ndef a():\n    return b()\n",
    "pkg/cycle_b.py": "from pkg.cycle_a import *\n\n\ndef b():\n    return a()\n",
}

# ---------------------------------------------------------------------------------------------------------
# Generated sources

CLAIM_WORDS = ["deterministic", "sandboxed", "idempotent", "offline", "determinstic", "", " ", "nope", "a b"]
REACHES = [
    "os.getenv('X')",
    "os.environ['X']",
    "time.time()",
    "random.random()",
    "print('x')",
    "open(path)",
    "socket.socket()",
    "subprocess.run(['x'])",
    "eval(src)",
    "hash(x)",
    "getattr(os, 'getenv')('X')",
    "getattr(os, name)",
    "stamp()",
    "helpers.pure(1)",
    "helpers.env('X')",
    "pure",
    "sandbox.read(path)",
    "requests.get(url)",
    "self.m()",
    "self.now()",
    "super().same(1)",
    "cls()",
    "Local()",
    "a()",
    "undefined_name()",
    "os.path.join('a', 'b')",
    "datetime.datetime.now()",
    "datetime.timedelta(1)",
    "pathlib.PurePosixPath('a')",
    "pathlib.Path('a')",
    "functools.partial(os.getenv, 'X')",
    "map(os.getenv, keys)",
    "{'k': os.getenv}",
    "lambda: time.time()",
    "[os.getenv(k) for k in keys if k]",
    "(yield x)",
    "(await x)",
    "f'{time.time()!r:>{width}}'",
    "(y := os.getenv('X'))",
    "x if sys.platform == 'win32' else os.getenv('X')",
    "isinstance(x, os.PathLike)",
    "x[1:2, ::3]",
    "not x",
    "-x ** 2 @ x",
    "*x,",
    "{**x}",
    "x is None or x in (1, 2)",
]
IMPORTS = [
    "import os",
    "import os as o",
    "import os.path",
    "import sys",
    "import time",
    "import random",
    "import socket",
    "import subprocess",
    "import datetime",
    "import pathlib",
    "import functools",
    "import platform",
    "import requests",
    "from os import getenv",
    "from os import getenv as ge",
    "from time import time as clock",
    "from pkg import helpers",
    "from pkg import sandbox",
    "from pkg.helpers import *",
    "from pkg.helpers import stamp, pure, Base",
    "from pkg.cycle_a import *",
    "from . import helpers",
    "from .helpers import stamp",
    "from .. import nothing",
    "from pkg.missing import thing",
    "from pytest_claims import claims",
    "import pytest_claims",
    "from typing import TYPE_CHECKING",
    "try:\n    import winreg\nexcept ImportError:\n    winreg = None",
]
CONDITIONS = [
    "sys.platform == 'win32'",
    "sys.platform.startswith('linux')",
    "sys.platform in ('darwin', 'linux')",
    "os.name == 'nt'",
    "platform.system() == 'Darwin'",
    "sys.version_info >= (3, 12)",
    "sys.version_info[0] == 3",
    "TYPE_CHECKING",
    "not TYPE_CHECKING",
    "sys.platform != 'win32' and os.name == 'posix'",
    "x",
    "True",
    "os.getenv('X')",
]

NAMES = st.sampled_from(["f", "g", "h", "m", "run", "__init__", "__call__", "__post_init__", "x", "async_"])


def _indent(block: str, level: int) -> str:
    pad = "    " * level
    return "".join(pad + line if line.strip() else line for line in block.splitlines(keepends=True))


@st.composite
def _directive(draw: st.DrawFn) -> str:
    names = draw(st.lists(st.sampled_from(CLAIM_WORDS), max_size=3))
    sep = draw(st.sampled_from([", ", ",", " , "]))
    return draw(st.sampled_from(["# claims: ", "#claims:", "# claims :", "  # claims: "])) + sep.join(names)


@st.composite
def _statement(draw: st.DrawFn, depth: int) -> str:
    kind = draw(st.integers(0, 11 if depth < 3 else 4))
    expr = draw(st.sampled_from(REACHES))
    if kind == 0:
        return f"return {expr}\n"
    if kind == 1:
        return f"{draw(st.sampled_from(['x', 'y', 'g', 'self.a', 'x[0]', '(a, *b)']))} = {expr}\n"
    if kind == 2:
        return f"{expr}\n"
    if kind == 3:
        return draw(st.sampled_from(["pass\n", "global x\n", "del x\n", "raise ValueError(x)\n", "assert x, 'm'\n"]))
    if kind == 4:
        return draw(st.sampled_from(IMPORTS)) + "\n"
    body = draw(_block(depth + 1))
    if kind == 5:
        other = draw(_block(depth + 1))
        return f"if {draw(st.sampled_from(CONDITIONS))}:\n{body}else:\n{other}"
    if kind == 6:
        return f"for k in {expr}:\n{body}"
    if kind == 7:
        return f"with open(p) as fh, {expr}:\n{body}"
    if kind == 8:
        return f"try:\n{body}except (ImportError, OSError) as e:\n    pass\nfinally:\n{body}"
    if kind == 9:
        return f"match {draw(st.sampled_from(['x', 'sys.platform', 'platform.system()']))}:\n" + _indent(
            f"case 'win32' | 'Darwin':\n{body}case [a, *rest] if a:\n{body}case {{'k': v, **kw}}:\n{body}"
            f"case Point(x=0) | None:\n{body}case _:\n{body}",
            1,
        )
    if kind == 10:
        return f"def inner(a=os.getenv('D')):\n{body}"
    return f"while {expr}:\n{body}"


@st.composite
def _block(draw: st.DrawFn, depth: int = 0) -> str:
    stmts = draw(st.lists(_statement(depth), min_size=1, max_size=4))
    return _indent("".join(stmts), 1)


@st.composite
def _function(draw: st.DrawFn, in_class: bool) -> str:
    out = ""
    if draw(st.booleans()):
        out += draw(_directive()) + "\n"
    decorators = draw(
        st.lists(
            st.sampled_from(
                [
                    "@staticmethod",
                    "@classmethod",
                    "@property",
                    "@functools.cache",
                    "@claims('deterministic')",
                    "@claims('nope', x)",
                    "@claims",
                    "@pytest_claims.claims('sandboxed')",
                    "@decorate(os.getenv)",
                ]
            ),
            max_size=2,
        )
    )
    out += "".join(d + "\n" for d in decorators)
    name = draw(NAMES)
    params = draw(st.sampled_from(["", "x", "x, /, y=os.sep, *a, k: Base = None, **kw", "x: 'Base'"]))
    if in_class:
        params = "self" + (", " + params if params else "")
    asyncness = draw(st.sampled_from(["", "", "async "]))
    returns = draw(st.sampled_from(["", " -> int", " -> 'Receipt'", " -> list[os.PathLike]"]))
    trailing = draw(st.sampled_from(["", "", "  # claims: deterministic", "  # claims: nope"]))
    out += f"{asyncness}def {name}({params}){returns}:{trailing}\n"
    out += draw(_block())
    return out


@st.composite
def _class(draw: st.DrawFn) -> str:
    bases = draw(st.sampled_from(["", "(Base)", "(helpers.Base)", "(Local, Base)", "(Local)", "(object, metaclass=M)"]))
    out = draw(st.sampled_from(["", "@dataclasses.dataclass\n", "# claims: deterministic\n"]))
    out += f"class Local{bases}:\n"
    members = draw(
        st.lists(
            st.one_of(
                _function(in_class=True),
                st.sampled_from(["x = 1\n", "__call__ = run\n", "a = b\nb = a\n", "class Inner(Local):\n    pass\n"]),
            ),
            min_size=1,
            max_size=4,
        )
    )
    return out + _indent("".join(members), 1)


@st.composite
def generated_source(draw: st.DrawFn) -> str:
    """A module from the grammar above: usually valid Python, sometimes not (that is fine too)."""
    parts = [draw(st.sampled_from(IMPORTS)) + "\n" for _ in range(draw(st.integers(0, 5)))]
    for _ in range(draw(st.integers(1, 5))):
        part = draw(st.one_of(_function(in_class=False), _class(), st.sampled_from(IMPORTS).map(lambda s: s + "\n")))
        if draw(st.integers(0, 5)) == 0:
            part = f"if {draw(st.sampled_from(CONDITIONS))}:\n" + _indent(part, 1)
        parts.append(part)
        parts.append("\n\n")
    if draw(st.booleans()):
        parts.append(draw(st.sampled_from(["x = lambda: time.time()\n", "WIN = sys.platform == 'win32'\n"])))
    return "".join(parts)


# ---------------------------------------------------------------------------------------------------------
# Mutated sources


def _corpus() -> list[str]:
    roots = [REPO / "src" / "pytest_claims", REPO / "testdata", REPO / "examples"]
    found: list[str] = []
    for root in roots:
        if root.is_dir():
            for path in sorted(root.rglob("*.py")):
                try:
                    found.append(path.read_text(encoding="utf-8"))
                except (OSError, UnicodeDecodeError):
                    continue
    return found or ["def f():\n    return 1\n"]


CORPUS = _corpus()
FRAGMENTS = [
    "(",
    ")",
    "[",
    "}",
    ":",
    '"""',
    "'",
    "#",
    "\\",
    "\t",
    "\x00",
    "\x0c",
    "\r",
    "\ufeff",
    "# claims: deterministic\n",
    "# claims:\n",
    "  # claims: deterministic, deterministic",
    "# -*- coding: latin-1 -*-\n",
    "# -*- coding: klingon -*-\n",
    "if sys.platform == 'win32':\n",
    "from . import *\n",
    "from pkg.helpers import *\n",
    "import os\n",
    "lambda: ",
    "async ",
    "await ",
    "yield ",
    "match x:\n    case _:\n        pass\n",
    "def f(:\n",
    "class C(C):\n    pass\n",
    "x = x\n",
    "global g\n",
    "nonlocal n\n",
    "@claims('deterministic')\n",
    " " * 4,
    "\u00e9t\u00e9 = 1\n",
    "type X = int\n",
    "def g[T](x: T) -> T:\n    return x\n",
]


@st.composite
def mutated_source(draw: st.DrawFn) -> str | bytes:
    """A real source file, damaged a few times over."""
    text = draw(st.sampled_from(CORPUS))
    lines = text.splitlines(keepends=True) or [""]
    for _ in range(draw(st.integers(1, 5))):
        op = draw(st.integers(0, 7))
        at = draw(st.integers(0, max(len(lines) - 1, 0)))
        if op == 0 and len(lines) > 1:
            del lines[at]
        elif op == 1:
            lines.insert(at, lines[min(at, len(lines) - 1)])
        elif op == 2 and len(lines) > 1:
            other = draw(st.integers(0, len(lines) - 1))
            lines[at], lines[other] = lines[other], lines[at]
        elif op == 3:
            lines[at] = draw(st.sampled_from(["", " ", "    ", "\t"])) + lines[at].lstrip(" ")
        elif op == 4:
            lines = lines[: at + 1]
            cut = draw(st.integers(0, len(lines[-1])))
            lines[-1] = lines[-1][:cut]
        elif op == 5:
            lines.insert(at, draw(st.sampled_from(FRAGMENTS)))
        elif op == 6 and lines[at]:
            col = draw(st.integers(0, len(lines[at])))
            lines[at] = lines[at][:col] + draw(st.sampled_from(FRAGMENTS)) + lines[at][col:]
        else:
            lines.insert(at, draw(st.text(max_size=12)) + "\n")
    result = "".join(lines)
    if draw(st.integers(0, 7)) == 0:
        data = bytearray(result.encode("utf-8", "surrogatepass"))
        for _ in range(draw(st.integers(1, 3))):
            if data:
                data[draw(st.integers(0, len(data) - 1))] = draw(st.integers(0, 255))
        return bytes(data)
    return result


DEEP_SHAPES: dict[str, Callable[[int], str]] = {
    "not": lambda n: "import sys\n\n\ndef f():\n    if " + "not " * n + "sys.platform == 'win32':\n        return 1\n",
    "parens": lambda n: "def f(x):\n    return " + "(" * n + "x" + ")" * n + "\n",
    "binop": lambda n: "def f(x):\n    return " + " + ".join(["x"] * n) + "\n",
    "ifexp": lambda n: (
        "import sys\n\n\ndef f():\n    return "
        + " else ".join(f"{i} if sys.platform == 'p{i}'" for i in range(n))
        + " else 0\n"
    ),
    "elif": lambda n: (
        "import sys\n\n\ndef f():\n    if sys.platform == 'p0':\n        pass\n"
        + "".join(f"    elif sys.platform == 'p{i}':\n        pass\n" for i in range(1, n))
    ),
    # one space a level, at most 1,000 levels (already 0.5 MB): CPython refuses past 100 at the tokenizer
    "blocks": lambda n: (
        "def f(x):\n"
        + "".join(" " * (i + 1) + "if x:\n" for i in range(min(n, 1_000)))
        + " " * (min(n, 1_000) + 1)
        + "pass\n"
    ),
    "calls": lambda n: "import time\n\n\ndef f(g):\n    return " + "g(" * n + "time.time()" + ")" * n + "\n",
    "lambda": lambda n: "f = " + "lambda: " * n + "1\n",
    "attr": lambda n: "import os\n\n\ndef f():\n    return os" + ".path" * n + ".join('a')\n",
    "subscript": lambda n: "def f(x):\n    return x" + "[0]" * n + "\n",
    "list": lambda n: "def f(x):\n    return " + "[" * n + "x" + "]" * n + "\n",
    "unary": lambda n: "def f(x):\n    return " + "-" * n + "x\n",
    "decorators": lambda n: "".join("@d\n" for _ in range(n)) + "# claims: deterministic\ndef f():\n    pass\n",
    # conditions no parser limit bounds: aliases of aliases, `and` and `or` by turns, at most 300 (a check each)
    "aliases": lambda n: (
        "import sys\n\nA0 = sys.platform == 'win32'\n"
        + "".join(f"A{i} = A{i - 1} {('or', 'and')[i % 2]} sys.platform != 'p{i}'\n" for i in range(1, min(n, 300)))
        + f"\n\ndef f():\n    if A{min(n, 300) - 1}:\n        return 1\n"
    ),
}


@st.composite
def deep_source(draw: st.DrawFn) -> str:
    """Hostile nesting: sometimes within what CPython's parser accepts, sometimes far past it."""
    shape = draw(st.sampled_from(sorted(DEEP_SHAPES)))
    depth = draw(st.one_of(st.integers(1, 300), st.integers(300, 3000), st.just(10_000)))
    return "# claims: deterministic\n" + DEEP_SHAPES[shape](depth)


# ---------------------------------------------------------------------------------------------------------
# Hostile state: bindings of every form, rebound constants, decorator spellings (issue 16)
#
# Each input is a module `pkg.bound` in which the forbidden value `os.getenv` (written VALUE) reaches a
# claiming function `f` through a name bound some way, claimed through some spelling of the directive. The
# oracle knows the answer by construction: `f` gets an item on every target and is never `held` (the run uses
# `dynamic-calls = "unevaluable"`, so a call the walk cannot follow is no `held` either). The same module with a
# harmless value in place of `os.getenv` must give the same items, and no crash.

FORBIDDEN = "os.getenv"
HARMLESS = "len"

BINDING_FORMS = [
    "h = VALUE",
    "h = k = VALUE",
    "k = h = VALUE",
    "k, h = 1, VALUE",
    "[k, (h, j)] = [1, (VALUE, 2)]",
    "h, *rest = VALUE, 1",
    "*rest, h = 1, VALUE",
    "for h in (len, VALUE):\n    pass",
    "for h in [VALUE]:\n    pass",
    "for h in list((VALUE,)):\n    pass",
    "for k, h in ((1, VALUE),):\n    pass",
    "if (h := VALUE):\n    pass",
    "with contextlib.nullcontext(VALUE) as h:\n    pass",
    "match VALUE:\n    case h:\n        pass",
    "match [VALUE]:\n    case [h]:\n        pass",
    "match {'k': VALUE}:\n    case {'k': h}:\n        pass",
    "match (VALUE, 1):\n    case (h, *rest):\n        pass",
    "def h(name):\n    return name\n\nh = VALUE",
    "h = VALUE\n\ndef g():\n    global h\n    h = len",
    "class K:\n    h = VALUE\n\nh = K.h",
    "try:\n    h = VALUE\nexcept ImportError:\n    h = len",
    "if sys.platform == 'win32':\n    h = VALUE\nelse:\n    h = k = VALUE",
]

SPELLINGS = {
    "comment": ("", "# claims: deterministic"),
    "trailing": ("", ""),
    "decorator": ("from pytest_claims import claims", '@claims("deterministic")'),
    "module": ("import pytest_claims", '@pytest_claims.claims("deterministic")'),
    "runtime": ("import pytest_claims.runtime as rt", '@rt.claims("deterministic")'),
    "star": ("from pytest_claims import *", '@claims("deterministic")'),
    "alias": ("from pytest_claims import claims\npromise = claims", '@promise("deterministic")'),
    "chained alias": ("from pytest_claims import claims\nvow = promise = claims", '@vow("deterministic")'),
    "re-export": ("from pkg.deco import claims", '@claims("deterministic")'),
    "renamed re-export": ("from pkg.deco import promise", '@promise("deterministic")'),
    "package re-export": ("from pkg import claims", '@claims("deterministic")'),
    "full width": ("from pytest_claims import \uff43\uff4c\uff41\uff49\uff4d\uff53", '@\uff43laims("deterministic")'),
}

REBINDINGS = [
    "FLAG = False",
    "FLAG = bool(os.environ)",
    "FLAG, X = False, 1",
    "for FLAG in (True, False):\n    pass",
    "def g():\n    global FLAG\n    FLAG = False",
    "if (FLAG := not FLAG):\n    pass",
]

BINDING_PYPROJECT = """\
[tool.claims]
packages = ["pkg"]
dynamic-calls = "unevaluable"
"""

BINDING_HELPERS: dict[str, str] = {
    "pkg/__init__.py": "from pytest_claims import claims\n",
    "pkg/deco.py": "from pytest_claims import claims\nfrom pytest_claims import claims as promise\n",
}


@st.composite
def binding_source(draw: st.DrawFn) -> tuple[str, str]:
    """(module source, spelling): a name bound by some form, then a function claiming through some spelling."""
    form = draw(st.sampled_from(BINDING_FORMS))
    spelling = draw(st.sampled_from(sorted(SPELLINGS)))
    imports, directive = SPELLINGS[spelling]
    rebound = draw(st.sampled_from(["", *REBINDINGS]))
    head = f"import contextlib\nimport os\nimport sys\n{imports}\n\n{form}\n"
    trailing = "  # claims: deterministic" if spelling == "trailing" else ""
    claimed = f"{directive}\ndef f():{trailing}\n    return h('X')\n".lstrip("\n")
    if not rebound:
        return f"{head}\n\n{claimed}", spelling
    # a constant rebound before the `if`: the `else:` holding the claim is a branch Python may take
    branch = "".join(f"    {line}\n" if line else "\n" for line in claimed.splitlines())
    return f"{head}\nFLAG = True\n{rebound}\n\nif FLAG:\n    def f():\n        return 1\nelse:\n{branch}", spelling


def exercise_bindings(source: str, workspace: Workspace) -> None:
    """The oracle of hostile bindings: with `os.getenv` bound, `f` has an item on every target and is never held;
    with a harmless value in its place the same items exist. Nothing may raise."""
    root = workspace.root.parent / "bindings"
    if not root.exists():
        for rel, text in {"pyproject.toml": BINDING_PYPROJECT, **BINDING_HELPERS}.items():
            path = root / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
    items: dict[str, set[str]] = {}
    for value in (FORBIDDEN, HARMLESS):
        (root / "pkg" / "bound.py").write_text(source.replace("VALUE", value), encoding="utf-8")
        for cache_dir in (None, workspace.cache):
            result = check(root, ["linux", "win32"], cache=FactsCache(cache_dir))
            check_result(result)
            assert not result.errors and not result.problems, (result.errors, result.problems)
            claims = {c.platform: c.status for c in result.claims if c.function == "pkg.bound.f"}
            assert set(claims) == {"linux", "win32"}, f"no item for f: {claims}"
            items[value] = set(claims)
            if value == FORBIDDEN:
                assert "held" not in claims.values(), f"a wrong held: {claims}"
    assert items[FORBIDDEN] == items[HARMLESS]


# ---------------------------------------------------------------------------------------------------------
# Fail-closed shapes: what the analysis cannot decide keeps both ways open
#
# Each input is a module `pkg.shape` built around one shape the engine must not decide too early: a name that
# tests the platform but is shadowed (a loop variable, a local, a parameter, a later module-level rebinding), a
# `try` whose `except ImportError:` handler is live because the body does more than import the stdlib (in a
# function, or holding module-level fallback defs), and a method that rebinds `self` / `cls` before calling a
# method on it. Whenever the generator builds the shape it knows the answer: the capability sits on a branch
# any sound evaluation can take (the shadowing value makes the test true, the handler is live, the rebound
# receiver is another class), so the claiming functions it names are never `held`. The near miss (the import
# itself in scope, a stdlib-only `try`, the receiver kept) is generated too and judged by the invariants only.

FAIL_CLOSED_PYPROJECT = PYPROJECT.replace('packages = ["pkg"]\n', 'packages = ["pkg"]\ndynamic-calls = "unevaluable"\n')

# import, the platform test on NAME, a value of NAME that makes the test true, a parameter's annotation
PLATFORM_NAMES: dict[str, tuple[str, str, str]] = {
    "from sys import platform": ("platform", "platform == 'plan9'", "'plan9'"),
    "from sys import platform as plat": ("plat", "plat.startswith('plan9')", "'plan9'"),
    "import platform": ("platform", "platform.system() == 'Plan9'", "_Plan9()"),
    "import platform as pf": ("pf", "pf.system() == 'Plan9'", "_Plan9()"),
    "import sys\nWIN = sys.platform == 'win32'": ("WIN", "WIN", "True"),
    "import sys\nWIN = not sys.platform.startswith('plan9')": ("WIN", "not WIN", "False"),
}
PLAN9 = "class _Plan9:\n    def system(self):\n        return 'Plan9'\n"
SHADOWS = ("loop", "local", "walrus", "parameter", "module before", "module after", "none")
CAPABILITIES = ("time.time()", "os.getenv('X')", "helpers.env('X')", "stamp()")


@dataclass(frozen=True)
class FailClosed:
    """A generated module and the claiming functions in it that must never be `held`."""

    shape: str
    source: str
    never_held: tuple[str, ...]


def _tested(test: str, capability: str, negated: bool) -> str:
    """`if <test>: <capability>`, or the same branch reached through `not` and `else:`."""
    if negated:
        return f"if not ({test}):\n    pass\nelse:\n    return {capability}\n"
    return f"if {test}:\n    return {capability}\n"


@st.composite
def _platform_shape(draw: st.DrawFn) -> FailClosed:
    head = draw(st.sampled_from(sorted(PLATFORM_NAMES)))
    name, test, value = PLATFORM_NAMES[head]
    shadow = draw(st.sampled_from(SHADOWS))
    branch = _tested(test, draw(st.sampled_from(CAPABILITIES)), draw(st.booleans()))
    params, body = "values", ""
    if shadow == "loop":
        body = f"for {name} in (*values, {value}):\n" + _indent(branch, 1) + "return None\n"
    else:
        if shadow == "local":
            body = f"{name} = {value}\n"
        elif shadow == "walrus":
            body = f"if ({name} := {value}) is None:\n    return None\n"
        elif shadow == "parameter":
            params = name
        body += branch + "return None\n"
    function = f"# claims: deterministic\ndef f({params}):\n" + _indent(body, 1)
    rebinding = f"{name} = {value}\n"
    parts = [
        "import os\nimport time\n",
        head + "\n",
        "from pkg import helpers\nfrom pkg.helpers import stamp\n\n\n",
        PLAN9,
        "\n\n",
        rebinding if shadow == "module before" else "",
        function,
        "\n\n" + rebinding if shadow == "module after" else "",
    ]
    return FailClosed(f"platform/{shadow}", "".join(parts), () if shadow == "none" else ("pkg.shape.f",))


# a statement after (or before) the stdlib import that may raise ImportError for all the analysis knows; none
# binds a name the capabilities use (a handler reading a name its failed statement binds reaches nothing)
NOT_IMPORTS = (
    "x = 1",
    "helpers.pure(1)",
    "_raises()",
    "raise ModuleNotFoundError('no')",
    "from . import sandbox",
    "from .helpers import pure",
    "import pkg.missing",
    "assert json",
    "if x:\n    import json",
    "with suppress():\n    import json",
)
STDLIB_IMPORTS = ("import json", "import os.path", "from os import path", "from collections import OrderedDict")
HANDLERS = (
    "except ImportError:",
    "except ModuleNotFoundError:",
    "except (ValueError, ImportError):",
    "except ImportError as error:",
)


@st.composite
def _try_body(draw: st.DrawFn) -> tuple[str, bool]:
    """The body of a `try`, and whether it holds a statement other than a stdlib import."""
    body = list(draw(st.lists(st.sampled_from(STDLIB_IMPORTS), min_size=1, max_size=2)))
    live = draw(st.booleans())
    if live:
        at = draw(st.integers(0, len(body)))
        body.insert(at, draw(st.sampled_from(NOT_IMPORTS)))
    return "".join(stmt + "\n" for stmt in body), live


TRY_HEAD = """\
import os
import time
from contextlib import suppress

from pkg import helpers
from pkg.helpers import stamp

x = 0


def _raises():
    raise ModuleNotFoundError('not here')


"""


@st.composite
def _try_shape(draw: st.DrawFn) -> FailClosed:
    body, live = draw(_try_body())
    handler = draw(st.sampled_from(HANDLERS))
    capability = draw(st.sampled_from(CAPABILITIES))
    if draw(st.booleans()):  # in the claiming function
        inner = f"try:\n{_indent(body, 1)}{handler}\n    return {capability}\nreturn None\n"
        source = TRY_HEAD + f"# claims: deterministic\ndef f():\n{_indent(inner, 1)}"
        return FailClosed(f"try/function/{live}", source, ("pkg.shape.f",) if live else ())
    # module-level fallback defs: a plain definition before the `try` (or none), the capability in the handler's
    plain = draw(st.sampled_from(["def _fallback(value):\n    return str(value)\n\n\n", "_fallback = str\n\n\n", ""]))
    fallback = draw(
        st.sampled_from(
            [
                f"def _fallback(value):\n    return {capability}\n",
                f"class _fallback:\n    def __init__(self, value):\n        {capability}\n",
                "_fallback = os.getenv\n",
            ]
        )
    )
    orelse = draw(st.sampled_from(["", "else:\n    x = 2\n"]))
    guarded = f"try:\n{_indent(body, 1)}{handler}\n{_indent(fallback, 1)}{orelse}"
    claimed = "# claims: deterministic\ndef f():\n    return _fallback('X')\n"
    source = TRY_HEAD + plain + guarded + "\n\n" + claimed
    return FailClosed(f"try/module/{live}", source, ("pkg.shape.f",) if live else ())


# how a method rebinds its receiver to the other class (`other: Sibling`, `others: list[Sibling]`), then calls
RECEIVERS = {
    "self = other": ("self", "self = other\nreturn self.ping()\n"),
    "self = self.parent": ("self", "self = self.parent\nreturn self.ping()\n"),
    "for self in others": ("self", "for self in others:\n    self.ping()\nreturn None\n"),
    "walrus": ("self", "if (self := other) is not None:\n    return self.ping()\nreturn None\n"),
    "tuple": ("self", "self, _ = other, 1\nreturn self.ping()\n"),
    "with": ("self", "with suppress():\n    self = other\nreturn self.ping()\n"),
    "cls = Sibling": ("cls", "cls = Sibling\nreturn cls().ping()\n"),
    "cls = k": ("cls", "cls = k\nreturn cls.tick()\n"),
    "for cls in kinds": ("cls", "for cls in kinds:\n    cls.tick()\nreturn None\n"),
    "kept self": ("self", "other = self\nreturn other.ping()\n"),
    "kept cls": ("cls", "k = cls\nreturn k.tick()\n"),
}
SIBLING = (
    "import time\nfrom contextlib import suppress\n\n\nclass Sibling:\n    def ping(self):\n        return {cap}\n\n"
    "    @classmethod\n    def tick(cls):\n        return {cap}\n\n\n"
)
HOLDER = (
    "class Holder:\n    parent: Sibling\n\n    def ping(self):\n        return 1\n\n"
    "    @classmethod\n    def tick(cls):\n        return 0\n\n"
)
PARAMS = "other: Sibling, others: list[Sibling], k: type[Sibling], kinds: list[type[Sibling]]"


@st.composite
def _receiver_shape(draw: st.DrawFn) -> FailClosed:
    form = draw(st.sampled_from(sorted(RECEIVERS)))
    receiver, body = RECEIVERS[form]
    capability = draw(st.sampled_from(["time.time()", "os.getenv('X')"]))
    decorator = "@classmethod\n" if receiver == "cls" else ""
    method = f"# claims: deterministic\n{decorator}def f({receiver}, {PARAMS}):\n" + _indent(body, 1)
    source = "import os\n" + SIBLING.format(cap=capability) + HOLDER + _indent(method, 1)
    kept = form.startswith("kept")
    return FailClosed(f"receiver/{form}", source, () if kept else ("pkg.shape.Holder.f",))


def fail_closed_source() -> st.SearchStrategy[FailClosed]:
    """One of the fail-closed shapes, with what it knows must not hold."""
    return st.one_of(_platform_shape(), _try_shape(), _receiver_shape())


FAIL_CLOSED_SHAPES: dict[str, Callable[[], st.SearchStrategy[FailClosed]]] = {
    "platform": _platform_shape,
    "try": _try_shape,
    "receiver": _receiver_shape,
}


def exercise_fail_closed(drawn: FailClosed, workspace: Workspace) -> None:
    """The oracle of fail-closed shapes: everything `exercise` asks of a source, two cold runs and a warm one
    giving byte-identical reports, and the functions the generator names never `held` on any target (with
    `dynamic-calls = "unevaluable"`, so a call the walk cannot follow is no `held` either)."""
    workspace.shapes += 1
    exercise(drawn.source, workspace)
    root = workspace.root.parent / "failclosed"
    if not root.exists():
        for rel, text in {"pyproject.toml": FAIL_CLOSED_PYPROJECT, **HELPERS}.items():
            path = root / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
    (root / "pkg" / "shape.py").write_text(drawn.source, encoding="utf-8")
    cache = workspace.root.parent / "failclosed-cache"
    shutil.rmtree(cache, ignore_errors=True)  # the first cached run is cold, the second warm
    reports = []
    for cache_dir in (None, None, cache, cache):
        result = check(root, ["linux", "win32"], cache=FactsCache(cache_dir), details=True)
        check_result(result)
        assert not result.errors, result.errors
        reports.append(json_report(result, (), "0"))
        for function in drawn.never_held:
            statuses = {c.platform: c.status for c in result.claims if c.function == function}
            assert set(statuses) == {"linux", "win32"}, f"{drawn.shape}: no item for {function}: {statuses}"
            assert "held" not in statuses.values(), f"{drawn.shape}: a wrong held for {function}: {statuses}"
    assert all(report == reports[0] for report in reports), f"{drawn.shape}: runs disagree"


raw_source = st.one_of(st.text(max_size=200), st.binary(max_size=200))
any_source = st.one_of(generated_source(), mutated_source(), deep_source(), raw_source)

# ---------------------------------------------------------------------------------------------------------
# The oracle


def check_facts(facts: FileFacts, line_count: int) -> None:
    """Facts are well formed: problems are one line each with a plausible line number."""
    assert isinstance(facts, FileFacts)
    for line, message in facts.problems:
        assert isinstance(line, int) and 0 <= line <= line_count + 1, (line, message)
        assert isinstance(message, str) and message and "\n" not in message, message
    for directive in facts.directives:
        assert 1 <= directive.line <= line_count + 1
        assert directive.function in (-1, -2) or 0 <= directive.function < len(facts.functions)
    for func in facts.functions:
        for _chain, _ctx, _line, guard, _code in func.uses:
            assert 0 <= guard < len(facts.guards)


def check_result(result: Result) -> None:
    for claim in result.claims:
        assert claim.status in STATUSES, claim
        assert (claim.status == "violated") == bool(claim.violations), claim
        if claim.status == "held":
            assert not claim.frontier, claim
        if claim.status == "unevaluable":
            assert claim.frontier, claim
        text = failure_text(claim.function, claim.claims, claim.status, claim.violations, claim.frontier, _no_line)
        assert text or claim.status == "held"
    for error in (*result.errors, *result.problems):
        assert "\n" not in str(error), error
        assert str(error).startswith(error.file), error


def _no_line(path: str, line: int) -> str:
    return ""


@dataclass
class Workspace:
    """One project directory and one cache directory, reused for every input (only the target changes)."""

    root: Path
    cache: Path
    seen: int = 0
    states: int = 0
    """How many of the inputs seen were hostile file-system states."""
    layouts: int = 0
    """How many were sequences of module layouts (`moving_layouts`)."""
    shapes: int = 0
    """How many were fail-closed shapes (`fail_closed_source`)."""
    crashes: list[tuple[str, str]] = field(default_factory=list)

    @classmethod
    def create(cls, base: Path) -> Workspace:
        root = base / "project"
        for rel, text in {"pyproject.toml": PYPROJECT, **HELPERS}.items():
            path = root / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
        return cls(root, base / "cache")


def exercise(source: str | bytes, workspace: Workspace) -> None:
    """Run one input through everything; raise on any misbehaviour (that is a crash)."""
    data = source if isinstance(source, bytes) else source.encode("utf-8", "surrogatepass")
    line_count = data.count(b"\n") + data.count(b"\r") - data.count(b"\r\n") + 1  # \n, \r\n and \r end lines
    facts = extract(data, "pkg/target.py")
    check_facts(facts, line_count)
    if isinstance(source, str):
        check_facts(extract(source, "pkg/target.py"), line_count)
    cache = FactsCache(workspace.cache)
    digest = hashlib.sha256(data).hexdigest()
    fresh = extract_fresh(data, "pkg/target.py")  # what the engine caches: the same whatever the stack depth
    check_facts(fresh, line_count)
    cache.put(digest, fresh)  # must never raise, whatever the facts hold
    back = cache.get(digest)
    assert back is None or back == fresh
    round_trip = decode(FileFacts, unpack(pack(encode(fresh))))  # conditions in facts are shallow, however written
    assert round_trip == fresh
    (workspace.root / "pkg" / "target.py").write_bytes(data)
    results = []
    for cache_dir in (None, workspace.cache, workspace.cache):
        result = check(workspace.root, ["linux", "win32"], cache=FactsCache(cache_dir), details=True)
        check_result(result)
        results.append(result)
    cold, warm = results[0], results[2]
    assert cold.claims == warm.claims, "a cached run gave different verdicts"
    assert cold.errors == warm.errors and cold.problems == warm.problems
    json_report(cold, (), "0")
    markdown_catalogue(cold)


# ---------------------------------------------------------------------------------------------------------
# Hostile cache state: what a run finds in its cache directory, not in its sources. After a run has filled the
# cache, one entry is tampered with: copied under another entry's key, taken from another configuration's
# stores, or rewritten with a valid checksum and key but a shape this version never writes. The next runs must
# give exactly what a run without a cache gives, and raise nothing. (A forgery of the right shape, say a
# verdict turned from violated to held, is out of reach of any check without a secret: such mutations are
# recognised by the shape they keep and not judged.)

STATE_TARGET = """\
from pkg import helpers
from pkg.helpers import Base


# claims: deterministic
def pure_one(x):
    return helpers.pure(x)


# claims: deterministic
def stamped():
    return helpers.stamp()


# claims: deterministic
def env():
    return helpers.env("X")


class Local(Base):
    # claims: deterministic
    def run(self):
        return self.now()
"""
TRUSTING = PYPROJECT.replace('trusted = ["pkg.sandbox"]', 'trusted = ["pkg.sandbox", "pkg.helpers"]')
"""Another configuration, under which every claim of the target holds."""
STORES = ("verdicts", "summaries", "files")
FULL_SHAPES: dict[str, dict[str, object]] = {
    "verdicts": VERDICTS_SHAPE,
    "summaries": {**SUMMARIES_SHAPE, "summaries": dict[tuple[str, int, str], tuple[tuple[str, ...], Summary]]},
    "files": SNAPSHOT_SHAPE,
}
"""Each store's shape down to every record (the summary store checks its summaries when it uses them)."""
PLAIN = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-2, 2**40),
    st.floats(allow_nan=False),
    st.text(max_size=4),
    st.binary(max_size=2),
    st.tuples(),
    st.tuples(st.text(max_size=2)),
    st.lists(st.integers(0, 3), max_size=2),
    st.dictionaries(st.text(max_size=2), st.integers(0, 3), max_size=1),
    st.frozensets(st.text(max_size=2), max_size=2),
)


@dataclass(frozen=True)
class CacheState:
    """`kind`: "wrong-key" (one facts entry copied over another, both picked by `pick`), "other-config" (that
    store of the trusting configuration copied under this one's name) or "wrong-shape" (`value` put at `path` in
    the entry `pick[0]` picks); `entries` is "facts" or one of `STORES`."""

    kind: str
    entries: str
    pick: tuple[int, int]
    path: tuple[int, ...]
    value: object


hostile_cache = st.one_of(
    st.builds(
        CacheState,
        st.just("wrong-key"),
        st.just("facts"),
        st.tuples(st.integers(0, 999), st.integers(1, 999)),
        st.just(()),
        st.none(),
    ),
    st.builds(
        CacheState, st.just("other-config"), st.sampled_from(STORES[:2]), st.just((0, 0)), st.just(()), st.none()
    ),
    st.builds(
        CacheState,
        st.just("wrong-shape"),
        st.sampled_from([*STORES, "facts"]),
        st.tuples(st.integers(0, 999), st.just(0)),
        st.lists(st.integers(0, 10**6), max_size=8).map(tuple),
        PLAIN,
    ),
)


def _entries(cache: Path, kind: str) -> list[Path]:
    return sorted(
        p for p in cache.glob(f"{kind}-*/**/*" if kind in ("facts", "derived") else f"{kind}-*") if p.is_file()
    )


def _key(path: Path, cache: Path) -> str:
    """The key an entry is read with: a store's name, else its namespace directory and its name."""
    parts = path.relative_to(cache).parts
    return parts[0] if len(parts) == 1 else f"{parts[0]}/{parts[-1]}"


def _replaced(value: object, path: tuple[int, ...], new: object) -> object:
    """`value` with the part that `path` leads to (each step picks an item, modulo the count) replaced by `new`,
    or by `[new]` where `new` has the very type it replaces (a list is never stored): the shape always changes."""
    if path and isinstance(value, (dict, tuple, list, frozenset)) and value:
        items = list(value.items()) if isinstance(value, dict) else list(value)
        at = path[0] % len(items)
        if isinstance(value, dict):
            key, inner = items[at]
            return {**value, key: _replaced(inner, path[1:], new)}
        items[at] = _replaced(items[at], path[1:], new)
        return type(value)(items)
    return [new] if type(new) is type(value) else new


def _tamper(state: CacheState, root: Path, cache: Path) -> bool:
    """Apply `state` to a filled cache; False when it left nothing to judge (a well-shaped forgery, or no
    entry of that kind)."""
    if state.kind == "other-config":
        ours = set(_entries(cache, state.entries))
        (root / "pyproject.toml").write_text(TRUSTING, encoding="utf-8")
        check(root, ["linux", "win32"], cache=FactsCache(cache))
        (root / "pyproject.toml").write_text(PYPROJECT, encoding="utf-8")
        theirs = [p for p in _entries(cache, state.entries) if p not in ours]
        for mine in ours:
            shutil.copyfile(theirs[0], mine)
        return bool(ours and theirs)
    entries = _entries(cache, state.entries)
    if len(entries) < (2 if state.kind == "wrong-key" else 1):
        return False
    first = state.pick[0] % len(entries)
    source = entries[first]
    if state.kind == "wrong-key":
        shutil.copyfile(source, entries[(first + 1 + state.pick[1] % (len(entries) - 1)) % len(entries)])
        return True
    key = _key(source, cache)
    document = read_entry(source, key)
    changed: Any = _replaced(document, state.path, state.value)
    shapes = FULL_SHAPES.get(state.entries)
    if shapes is None:
        well_shaped = conforms(FileFacts, changed)
    else:
        well_shaped = type(changed) is dict and changed.keys() == shapes.keys()
        well_shaped = well_shaped and all(conforms(shape, changed[name]) for name, shape in shapes.items())
    if well_shaped:
        return False
    write_entry(source, key, changed)
    return True


def exercise_cache(state: CacheState, workspace: Workspace) -> None:
    """Fill a cache, tamper with it, and require the runs after to be what a run without a cache gives."""
    base = workspace.cache.parent / "state"
    shutil.rmtree(base, ignore_errors=True)
    root, cache = base / "project", base / "cache"
    for rel, text in {"pyproject.toml": PYPROJECT, **HELPERS, "pkg/target.py": STATE_TARGET}.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    hour_ago = time.time() - 3600
    for path in sorted([root, *root.rglob("*")], key=lambda p: -len(p.parts)):
        os.utime(path, (hour_ago, hour_ago))
    clock = snapshot_module.clock
    snapshot_module.clock = lambda: time.time_ns() + 600 * 10**9  # every file long settled for the snapshot
    try:
        fresh = check(root, ["linux", "win32"])
        check(root, ["linux", "win32"], cache=FactsCache(cache))
        if not _tamper(state, root, cache):
            return
        for _ in range(2):  # the run that meets the tampered entry, and the one after its rebuild
            result = check(root, ["linux", "win32"], cache=FactsCache(cache), details=True)
            check_result(result)
            assert result.claims == fresh.claims, f"a tampered cache changed a verdict: {state}"
            assert result.errors == fresh.errors and result.problems == fresh.problems
    finally:
        snapshot_module.clock = clock


# ---------------------------------------------------------------------------------------------------------
# Moving modules: the same bytes under the same module name mean something else in another place (a package's
# `__init__` reads its relative imports from itself, a plain module from its parent; a folder without
# `__init__.py` beside a same-named module; a module moved into or out of a subpackage). Each input is a
# sequence of layouts of one project, a file moved by a rename (same inode, same bytes) wherever it can be;
# after each change a run on the cache must give what a run without one gives.

MOVING_PLACES: dict[str, str] = {
    "module": "pkg/b.py",
    "package": "pkg/b/__init__.py",
    "nested": "pkg/sub/b.py",
    "nested-package": "pkg/sub/b/__init__.py",
}
"""Where `b`'s body may lie (several at once too: then the package wins, or the index says which)."""
MOVING_FOLDERS = ("pkg/b", "pkg/sub/b")
"""Folders that may hold `x.py` (it reads the environment) and `base.py`, with or without an `__init__.py`."""
MOVING_BODIES: dict[str, str] = {
    "relay": "from .x import helper\n",
    "relay-claiming": "from .x import helper\n\n\n# claims: deterministic\ndef f():\n    return helper()\n",
    "dot": "from . import x\n\n\ndef helper():\n    return x.helper()\n",
    "up": "from ..x import helper\n",
    "absolute": "from pkg.x import helper\n",
    "subclass": (
        "import os\n\nfrom .base import Base\n\n\nclass Sub(Base):\n    def run(self):\n        return os.getenv('X')\n"
    ),
}
BASE_CLASS = "class Base:\n    def run(self):\n        return 1\n"
MOVING_FIXED: dict[str, str] = {
    "pyproject.toml": '[tool.claims]\npackages = ["pkg"]\n',
    "pkg/__init__.py": "",
    "pkg/x.py": "def helper():\n    return 1\n",
    "pkg/base.py": BASE_CLASS,
    "pkg/sub/__init__.py": "",
    "pkg/sub/x.py": "import time\n\n\ndef helper():\n    return time.time()\n",
    "pkg/sub/base.py": BASE_CLASS,
    "pkg/c.py": (
        "import pkg.b\nimport pkg.sub.b\nfrom pkg.b import x as bx\nfrom pkg.base import Base\n"
        "from pkg.sub.base import Base as SubBase\n\n\n"
        "# claims: deterministic\ndef via_b():\n    return pkg.b.helper()\n\n\n"
        "# claims: deterministic\ndef via_sub_b():\n    return pkg.sub.b.helper()\n\n\n"
        "# claims: deterministic\ndef via_bx():\n    return bx.helper()\n\n\n"
        "# claims: deterministic\ndef overridden(base: Base):\n    return base.run()\n\n\n"
        "# claims: deterministic\ndef overridden_sub(base: SubBase):\n    return base.run()\n"
    ),
}
"""What every layout holds: helpers that differ by place (pure, clock, environment), bases, the claims."""
INNER = {"x.py": "import os\n\n\ndef helper():\n    return os.getenv('X')\n", "base.py": BASE_CLASS}

MovingLayout = tuple[tuple[tuple[str, str], ...], frozenset[str]]
"""(place -> body, sorted; the folders of MOVING_FOLDERS that hold INNER)."""


def moving_files(layout: MovingLayout) -> dict[str, str]:
    """Every file of the project in `layout`."""
    bodies, folders = layout
    files = dict(MOVING_FIXED)
    for place, body in bodies:
        files[MOVING_PLACES[place]] = MOVING_BODIES[body]
    for folder in folders:
        files.update({f"{folder}/{name}": text for name, text in INNER.items()})
    return files


@st.composite
def _moving_layout(draw: st.DrawFn, previous: MovingLayout | None = None) -> MovingLayout:
    """A layout, or a change of `previous`: `b` moved to another place (most often), a folder beside it
    filled or emptied, its body changed, or a place emptied."""
    bodies = dict(previous[0]) if previous is not None else {}
    folders = set(previous[1]) if previous is not None else set()
    places, body_names = sorted(MOVING_PLACES), sorted(MOVING_BODIES)
    if previous is None:
        bodies = {draw(st.sampled_from(places)): draw(st.sampled_from(body_names))}
        folders = set(draw(st.frozensets(st.sampled_from(MOVING_FOLDERS))))
    for _ in range(draw(st.integers(1, 2))):
        change = draw(st.sampled_from(["move", "move", "move", "folder", "body", "empty"]))
        if change == "move" and bodies:
            source = draw(st.sampled_from(sorted(bodies)))
            bodies[draw(st.sampled_from(places))] = bodies.pop(source)
        elif change == "folder":
            folders ^= {draw(st.sampled_from(MOVING_FOLDERS))}
        elif change == "body":
            bodies[draw(st.sampled_from(places))] = draw(st.sampled_from(body_names))
        elif change == "empty" and len(bodies) > 1:
            bodies.pop(draw(st.sampled_from(sorted(bodies))))
    return tuple(sorted(bodies.items())), frozenset(folders)


@st.composite
def moving_layouts(draw: st.DrawFn) -> tuple[MovingLayout, ...]:
    """A first layout and one to four changes of it."""
    layouts = [draw(_moving_layout())]
    for _ in range(draw(st.integers(1, 4))):
        layouts.append(draw(_moving_layout(layouts[-1])))
    return tuple(layouts)


def lay_out(root: Path, old: dict[str, str], new: dict[str, str], stamp: float) -> None:
    """The project at `root` turned from `old` into `new`: a file of the same bytes moved by a rename (as
    `git mv` does), the rest deleted or written; folders left empty removed; every path stamped `stamp` (a
    time of its own per layout, so the snapshot sees each change whatever the file system's clock)."""
    gone = {rel: text for rel, text in old.items() if new.get(rel) != text}
    for rel, text in new.items():
        if old.get(rel) == text:
            continue
        target = root / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        source = next((r for r, t in gone.items() if t == text and r not in new), None)
        if source is not None:
            del gone[source]
            (root / source).replace(target)
        else:
            target.write_text(text, encoding="utf-8")
    for rel in gone:
        if rel not in new:
            (root / rel).unlink()
    for path in sorted(root.rglob("*"), key=lambda p: -len(p.parts)):
        if path.is_dir() and not any(path.iterdir()):
            path.rmdir()
    for path in [root, *root.rglob("*")]:
        os.utime(path, (stamp, stamp))


def exercise_layouts(layouts: tuple[MovingLayout, ...], workspace: Workspace) -> None:
    """Each layout in turn, a run on the cache after each change equal to a run without one."""
    workspace.layouts += 1
    base = workspace.cache.parent / "moving"
    shutil.rmtree(base, ignore_errors=True)
    root, cache = base / "project", base / "cache"
    root.mkdir(parents=True)
    clock = snapshot_module.clock
    snapshot_module.clock = lambda: time.time_ns() + 600 * 10**9  # every file settled: the snapshot is trusted
    try:
        files: dict[str, str] = {}
        for step, layout in enumerate(layouts):
            new = moving_files(layout)
            lay_out(root, files, new, time.time() - 3600 + step)
            files = new
            warm = check(root, ["linux", "win32"], cache=FactsCache(cache), details=True)
            cold = check(root, ["linux", "win32"])
            check_result(warm)
            seen = f"after {layouts[: step + 1]}"
            assert warm.claims == cold.claims, f"a cached run gave different verdicts {seen}"
            assert warm.errors == cold.errors and warm.problems == cold.problems, seen
    finally:
        snapshot_module.clock = clock
        shutil.rmtree(base, ignore_errors=True)


def _stack_depth() -> int:
    depth = 0
    frame: FrameType | None = sys._getframe()
    while frame is not None:
        depth, frame = depth + 1, frame.f_back
    return depth


def default_stack(action: Callable[[], None]) -> None:
    """Run `action` with the headroom a default interpreter has (hypothesis raises the recursion limit)."""
    old = sys.getrecursionlimit()
    sys.setrecursionlimit(_stack_depth() + 900)
    try:
        action()
    finally:
        sys.setrecursionlimit(old)


def run_one(
    source: object,
    workspace: Workspace,
    crash_dir: Path | None,
    oracle: Callable[[Any, Workspace], None] | None = None,
) -> None:
    """One input through its oracle (`exercise` for sources); a crash is recorded, with the input, and the
    campaign carries on."""
    workspace.seen += 1
    judge: Callable[[Any, Workspace], None] = oracle or exercise
    try:
        default_stack(lambda: judge(source, workspace))
    except Exception:
        text = traceback.format_exc()
        workspace.crashes.append((repr(source)[:2000], text))
        if crash_dir is not None:
            crash_dir.mkdir(parents=True, exist_ok=True)
            if isinstance(source, (str, bytes)):
                data = source if isinstance(source, bytes) else source.encode("utf-8", "surrogatepass")
                name = hashlib.sha256(data).hexdigest()[:16]
                (crash_dir / f"{name}.py").write_bytes(data)
                (crash_dir / f"{name}.txt").write_text(text, encoding="utf-8")
            else:  # a hostile state: its description and the traceback
                name = hashlib.sha256(repr(source).encode()).hexdigest()[:16]
                (crash_dir / f"state-{name}.txt").write_text(f"{source!r}\n\n{text}", encoding="utf-8")


# ---------------------------------------------------------------------------------------------------------
# Hostile file-system state: the project around the input rather than its syntax (issue 16)
#
# Each example builds a fresh project with some of these features, each carrying a sentinel claim whose truth is
# known (it reaches a capability, so it must never hold) or a problem that must be reported. Conditions root
# cannot make for real (a directory it may not list, a file it may not read) go through a seam: `os.scandir` and
# `Path.read_bytes` raise PermissionError for the chosen paths, as they do for a user without the permission.

GETENV_H = "import os\n\n\ndef h():\n    return os.getenv('X')\n"
STDLIB_NAMED: dict[str, tuple[str, str, str]] = {
    # name: (project file, its body, the sentinel's call, which Python resolves to the stdlib, not the file)
    "time": ("time/__init__.py", "def time():\n    return 0\n", "time.time()"),
    "sys": ("sys/__init__.py", "def getrecursionlimit():\n    return 1\n", "sys.getrecursionlimit()"),
    "os": ("os.py", "def getenv(name):\n    return ''\n", "os.getenv('X')"),
    "importlib": (
        "importlib/__init__.py",
        "def import_module(name):\n    return None\n",
        "importlib.import_module('x')",
    ),
}
FS_FEATURES = (
    "linked-package",
    "py-loop",
    "init-loop",
    "dir-loops",
    "dangling",
    "fifo",
    "unlistable",
    "unreadable",
    "excluded-claims",
)


@dataclass(frozen=True)
class HostileState:
    features: frozenset[str]
    stdlib: tuple[str, ...]
    link_outside: bool
    external: str
    source: str


@st.composite
def hostile_state(draw: st.DrawFn) -> HostileState:
    features = draw(st.frozensets(st.sampled_from(FS_FEATURES), min_size=1))
    stdlib = tuple(sorted(draw(st.frozensets(st.sampled_from(sorted(STDLIB_NAMED))))))
    return HostileState(
        features,
        stdlib,
        draw(st.booleans()),
        draw(st.sampled_from(["trust", "unevaluable"])),
        draw(st.one_of(st.just(""), generated_source())),
    )


@dataclass
class Expected:
    """What a hostile project must give: claims that must not hold, problems that must be reported (by prefix),
    the excluded files that hold claims, and the paths the seam denies."""

    root: Path
    never_held: set[str] = field(default_factory=set)
    problems: set[str] = field(default_factory=set)
    excluded: tuple[str, ...] = ()
    unlistable: set[str] = field(default_factory=set)
    unreadable: set[str] = field(default_factory=set)


def _sentinel(root: Path, name: str, head: str, call: str, expect: Expected) -> None:
    """`pkg/<name>.py` claiming deterministic while calling `call`, which reaches a capability: never held."""
    (root / "pkg" / f"{name}.py").write_text(f"{head}\n\n\n# claims: deterministic\ndef f():\n    return {call}\n")
    expect.never_held.add(f"pkg.{name}.f")


def build_state(state: HostileState, base: Path) -> Expected:
    """The project for one hostile state under `base` (empty), and what checking it must give."""
    root = base / "project"
    (root / "pkg").mkdir(parents=True)
    (root / "pkg" / "__init__.py").write_text("")
    (root / "pkg" / "target.py").write_text(state.source, encoding="utf-8", errors="surrogatepass")
    expect = Expected(root)
    packages = ["pkg"]
    on = state.features.__contains__
    if on("linked-package"):
        real = base / "outside" / "evil" if state.link_outside else root / "vendor" / "evil"
        real.mkdir(parents=True)
        (real / "__init__.py").write_text("")
        (real / "x.py").write_text(GETENV_H)
        (root / "shop").symlink_to(real, target_is_directory=True)
        packages.append("shop")
        _sentinel(root, "s_link", "from shop.x import h", "h()", expect)
    if on("py-loop"):
        (root / "pkg" / "loop.py").symlink_to("loop.py")
        _sentinel(root, "s_loop", "from pkg.loop import z", "z()", expect)
        expect.problems.add("pkg/loop.py: cannot read")
    if on("init-loop"):
        (root / "pkg" / "sub").mkdir()
        (root / "pkg" / "sub" / "__init__.py").symlink_to("__init__.py")
        (root / "pkg" / "sub" / "y.py").write_text("# claims: deterministic\ndef g():\n    return 1\n")
        expect.problems.add("pkg/sub/__init__.py: cannot read")
    if on("dir-loops"):
        (root / "pkg" / "again").symlink_to(".", target_is_directory=True)
        (root / "pkg" / "up").symlink_to("..", target_is_directory=True)
        (root / "pkg" / "spin").symlink_to("spin", target_is_directory=True)
    if on("dangling"):
        (root / "pkg" / "gone.py").symlink_to("nowhere.py")
        _sentinel(root, "s_gone", "from pkg.gone import g", "g()", expect)
    if on("fifo") and hasattr(os, "mkfifo"):
        os.mkfifo(root / "pkg" / "pipe.py")  # reading it would block forever: it must never be read
        os.mkfifo(root / "pkg" / "test_pipe.py")
        _sentinel(root, "s_pipe", "from pkg.pipe import p", "p()", expect)
    if on("unlistable"):
        (root / "pkg" / "locked").mkdir()
        (root / "pkg" / "locked" / "z.py").write_text(GETENV_H.replace("def h", "# claims: deterministic\ndef h"))
        expect.unlistable.add(str(root / "pkg" / "locked"))
        expect.problems.add("pkg/locked: cannot list")
        _sentinel(root, "s_locked", "from pkg.locked.z import h", "h()", expect)
    if on("unreadable"):
        (root / "pkg" / "secret.py").write_text(GETENV_H)
        expect.unreadable.add(str(root / "pkg" / "secret.py"))
        expect.problems.add("pkg/secret.py: cannot read")
        _sentinel(root, "s_secret", "from pkg.secret import h", "h()", expect)
    if on("excluded-claims"):
        (root / "pkg" / "test_claims.py").write_text("# claims: deterministic\ndef test_x():\n    pass\n")
        expect.excluded = ("pkg/test_claims.py",)
    for name in state.stdlib:
        rel, body, call = STDLIB_NAMED[name]
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(body)
        packages.append(rel.split("/")[0])
        _sentinel(root, f"s_{name}", f"import {name}", call, expect)
    listed = ", ".join(f'"{p}"' for p in packages)
    (root / "pyproject.toml").write_text(f'[tool.claims]\npackages = [{listed}]\nexternal = "{state.external}"\n')
    return expect


@contextmanager
def denied(unlistable: set[str], unreadable: set[str]) -> Iterator[None]:
    """The seam: listing or reading the given absolute paths raises PermissionError, as it does for a user
    without the permission (the campaign may run as root, which ignores mode bits)."""
    scandir, read_bytes = os.scandir, Path.read_bytes

    def guarded_scandir(path: Any = ".") -> Any:
        if os.path.abspath(os.fspath(path)) in unlistable:
            raise PermissionError(errno.EACCES, "Permission denied", os.fspath(path))
        return scandir(path)

    def guarded_read(path: Path) -> bytes:
        if os.path.abspath(path) in unreadable:
            raise PermissionError(errno.EACCES, "Permission denied", str(path))
        return read_bytes(path)

    with mock.patch.object(os, "scandir", guarded_scandir), mock.patch.object(Path, "read_bytes", guarded_read):
        yield


def exercise_state(state: HostileState, base: Path) -> None:
    """Check one hostile project cold, then with a cache cold and warm; raise on any misbehaviour."""
    expect = build_state(state, base)
    results = []
    with denied(expect.unlistable, expect.unreadable):
        for cache_dir in (None, base / "cache", base / "cache"):
            result = check(expect.root, ["linux", "win32"], cache=FactsCache(cache_dir), details=True)
            check_state_result(result, expect)
            results.append(result)
    cold, warm = results[0], results[2]
    assert cold.claims == warm.claims, "a cached run gave different verdicts"
    assert cold.problems == warm.problems and cold.excluded == warm.excluded


def check_state_result(result: Result, expect: Expected) -> None:
    check_result(result)
    wrong = sorted({c.function for c in result.claims if c.status == "held" and c.function in expect.never_held})
    assert not wrong, f"held, yet reaching a capability: {wrong}"
    reported = [str(p) for p in result.problems]
    for problem in expect.problems:
        assert any(line.startswith(problem) for line in reported), (problem, reported)
    for path in [c.file for c in result.claims] + [p.file for p in result.problems] + list(result.excluded):
        assert not path.startswith(("/", "..")), f"a path outside the root: {path}"
    assert result.excluded == expect.excluded, result.excluded
    assert all(not name.startswith("evil") for name in result.project.index.modules)
    files = ClaimsState(result.config, result).claim_files  # the plugin's view of the same files must not raise
    holding = sorted({c.file for c in result.claims} | {e.file for e in result.errors})
    assert sorted(rel for rels in files.values() for rel in rels) == holding
    json_report(result, (), "0")


def exercise_state_apart(state: HostileState, workspace: Workspace) -> None:
    """`exercise_state` in a directory of its own beside the workspace, removed after."""
    workspace.states += 1
    base = Path(tempfile.mkdtemp(prefix="state-", dir=workspace.root.parent))
    try:
        exercise_state(state, base)
    finally:
        shutil.rmtree(base, ignore_errors=True)


def campaign(budget: float, crash_dir: Path | None, chunk: int = 200) -> Workspace:
    """Generate inputs until the budget is spent; every exception is recorded, never raised."""
    deadline = time.monotonic() + budget
    base = Path(tempfile.mkdtemp(prefix="claims-fuzz-"))
    workspace = Workspace.create(base)
    try:
        rounds = 0
        while time.monotonic() < deadline:
            rounds += 1

            @settings(
                max_examples=chunk,
                deadline=None,
                database=None,
                phases=[Phase.generate],
                suppress_health_check=list(HealthCheck),
            )
            @given(any_source)
            def one_round(source: str | bytes) -> None:
                if time.monotonic() < deadline:
                    run_one(source, workspace, crash_dir)

            @settings(
                max_examples=max(chunk // 10, 1),
                deadline=None,
                database=None,
                phases=[Phase.generate],
                suppress_health_check=list(HealthCheck),
            )
            @given(hostile_cache)
            def cache_round(state: CacheState) -> None:
                if time.monotonic() < deadline:
                    run_one(state, workspace, crash_dir, exercise_cache)

            @settings(
                max_examples=max(chunk // 10, 1),
                deadline=None,
                database=None,
                phases=[Phase.generate],
                suppress_health_check=list(HealthCheck),
            )
            @given(hostile_state())
            def state_round(state: HostileState) -> None:
                if time.monotonic() < deadline:
                    run_one(state, workspace, crash_dir, exercise_state_apart)

            @settings(
                max_examples=chunk // 4,
                deadline=None,
                database=None,
                phases=[Phase.generate],
                suppress_health_check=list(HealthCheck),
            )
            @given(binding_source())
            def bindings_round(drawn: tuple[str, str]) -> None:
                if time.monotonic() < deadline:
                    run_one(drawn[0], workspace, crash_dir, exercise_bindings)

            @settings(
                max_examples=max(chunk // 10, 1),
                deadline=None,
                database=None,
                phases=[Phase.generate],
                suppress_health_check=list(HealthCheck),
            )
            @given(moving_layouts())
            def layouts_round(layouts: tuple[MovingLayout, ...]) -> None:
                if time.monotonic() < deadline:
                    run_one(layouts, workspace, crash_dir, exercise_layouts)

            @settings(
                max_examples=chunk // 4,
                deadline=None,
                database=None,
                phases=[Phase.generate],
                suppress_health_check=list(HealthCheck),
            )
            @given(fail_closed_source())
            def fail_closed_round(drawn: FailClosed) -> None:
                if time.monotonic() < deadline:
                    run_one(drawn, workspace, crash_dir, exercise_fail_closed)

            one_round()
            fail_closed_round()
            cache_round()
            state_round()
            bindings_round()
            layouts_round()
    finally:
        shutil.rmtree(base, ignore_errors=True)
    return workspace


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--budget-seconds", type=float, default=300.0)
    parser.add_argument("--crash-dir", type=Path, default=None, help="where to write crashing inputs")
    args = parser.parse_args(argv)
    started = time.monotonic()
    workspace = campaign(args.budget_seconds, args.crash_dir)
    elapsed = time.monotonic() - started
    print(
        f"inputs: {workspace.seen} ({workspace.states} hostile file-system states,"
        f" {workspace.layouts} sequences of module layouts, {workspace.shapes} fail-closed shapes)"
    )
    print(f"crashes: {len(workspace.crashes)}")
    print(f"elapsed: {elapsed:.0f} s ({workspace.seen / max(elapsed, 1e-9):.1f} inputs/s)")
    seen: set[str] = set()
    for source, text in workspace.crashes:
        last = text.strip().splitlines()[-1]
        if last not in seen:
            seen.add(last)
            print(f"--- {last}\n{source[:400]}\n{text}")
    return 1 if workspace.crashes else 0


if __name__ == "__main__":
    sys.exit(main())
