"""A blind-spot hint names a declaration the user can write (an annotation on a named parameter, attribute or
return); where none would help, or none can be written where the name is bound, it says why. The site's context
(`output.hints`) is read from its file, never by importing it."""

from __future__ import annotations

import ast
import io
from pathlib import Path

import pytest

from pytest_claims.cli import main
from pytest_claims.output.hints import site_context, source_reader
from pytest_claims.output.summary import site_hint

SOURCE = '''\
import os
from random import getrandbits


def comp(items):
    return [x.run() for x in items]


def comp_pairs(table):
    return [v.run() for k, v in table.items()]


def comp_made(d):
    return [v.run() for v in make(d)]


def comp_library(p):
    return [e.run() for e in os.scandir(p)]


def rnd():
    return hex(getrandbits(128))


def env(key):
    return os.environ[key]()


def probe():
    return hasattr(os.environ, "now")


def twice(flag):
    if flag:
        def inner():
            return 1
    else:
        def inner():
            return 2
    return inner()


def kw(**kwargs):
    return kwargs["f"]()


def kw_get(**options):
    return options.get("f").run()


class Stamper:
    def __init__(self, stamper):
        self._stamper = stamper

    def __call__(self, event):
        return self._stamper(event)


def param(job):
    return job.run()


def make(d):
    return d


def rebound(path: str):
    path = path.strip()
    return path.lower()


class Spec:
    def __init__(self, backend: Backend):
        self._backend: Backend = backend

    def renew(self):
        self._backend = make(self)

    def match(self, file):
        return self._backend.match_file(file)

    def other(self, file):
        return self._other.match_file(file)
'''

CASES = [
    ("x.run()", "`x` is bound by a comprehension, where no annotation can be written: annotate `items` with its element"
     " type (`list[C]`, `dict[K, C]`)"),
    ("v.run()", "`v` is bound by a comprehension, where no annotation can be written: annotate `table` with its"
     " element type (`list[C]`, `dict[K, C]`)"),
    ("v.run()@", "`v` is bound by a comprehension, where no annotation can be written: annotate the return type of"
     " `make` (`-> list[C]`)"),
    ("e.run()", "`e` is bound by a comprehension over `os.scandir(p)`, whose elements have no type the walk knows,"
     " and no annotation can be written there: no declaration would help"),
    ("hex(getrandbits(128))", "`getrandbits` is the standard library's: the walk types it from its stubs, and no"
     " declaration would help"),
    ("os.environ[key]()", "`os` is the standard library's*"),
    ('hasattr(os.environ, "now")', "`os` is the standard library's*"),
    ("inner()", "`inner` is a def called by its name already, yet which of its definitions runs here is not known"
     " (defined more than once, or conditionally): no declaration would help"),
    ('kwargs["f"]()', "`kwargs` holds the `**` keyword arguments, whose values no declaration types one by one"
     " (`**kwargs: C` types them all alike): no annotation would help here; a named, annotated parameter would"),
    ('options.get("f").run()', "`options` holds the `**` keyword arguments*"),
    ("self._stamper(event)", "`self._stamper` holds a callable stored on the instance, of unknown type: annotate the"
     " parameter `stamper` it is stored from with its class"),
    ("job.run()", "annotate the receiver `job` with its class"),
    ("path.lower()", "`path` is rebound from its own value (line 68), which only a declaration types: annotate"
     " `path` with its class where it is first bound (`path: C`, or the parameter)"),
    ("self._backend.match_file(file)", "`self._backend` holds what its assignments give, and an expression is"
     " assigned to it (line 77), which a class-body annotation does not type: annotate that value through a name"
     " (`v: C = ...`, then `self._backend = v`)"),
    ("self._other.match_file(file)", "annotate the attribute `_other` with its class (`_other: C` in the class body)"),
]


def _line(code: str) -> int:
    """The line of the `n`-th occurrence of `code` (`@` at its end: the second one)."""
    text, nth = code.rstrip("@"), len(code) - len(code.rstrip("@"))
    found = [n for n, line in enumerate(SOURCE.splitlines(), 1) if text in line]
    return found[nth]


@pytest.mark.parametrize(("code", "hint"), CASES)
def test_hints_in_context(code: str, hint: str) -> None:
    context = site_context(ast.parse(SOURCE), _line(code))
    said = site_hint(code.rstrip("@"), context)
    if hint.endswith("*"):
        assert said.startswith(hint[:-1]), said
    else:
        assert said == hint
    assert "annotate" in said or "no declaration would help" in said or "no annotation would help" in said


def test_without_context_the_text_decides() -> None:
    assert site_hint("x.run()") == "annotate the receiver `x` with its class"
    assert site_hint("x.run()", site_context(ast.parse("def f(x):\n    return x.run()\n"), 2)) == site_hint("x.run()")


def test_the_reader_reads_each_file_once_and_survives_a_missing_or_broken_one(tmp_path: Path) -> None:
    (tmp_path / "m.py").write_text(SOURCE, encoding="utf-8")
    (tmp_path / "bad.py").write_text("def f(:\n", encoding="utf-8")
    read = source_reader(tmp_path)
    found = read("m.py", _line('kwargs["f"]()'))
    assert found is not None and "kwargs" in found.starstar
    assert read("bad.py", 1) is None and read("gone.py", 1) is None
    (tmp_path / "m.py").unlink()
    assert read("m.py", 1) is not None  # parsed once, kept


def test_check_shows_the_hint_in_context(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pyproject.toml").write_text('[tool.claims]\npackages = ["pkg"]\n', encoding="utf-8")
    source = (
        "class Job:\n    def run(self):\n        return 1\n\n\n"
        "# claims: deterministic\ndef comp(items):\n    return [x.run() for x in items]\n"
    )
    (tmp_path / "pkg" / "__init__.py").write_text(source, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    out = io.StringIO()
    assert main(["check", "--platform", "linux", "--no-cache"], out, io.StringIO()) == 0
    assert (
        "  pkg/__init__.py:8: x.run() hides 1 claim, in a claiming function's own body; `x` is bound by a"
        " comprehension, where no annotation can be written: annotate `items` with its element type" in out.getvalue()
    )
    out = io.StringIO()
    assert main(["explain", "pkg.comp", "--platform", "linux", "--no-cache"], out, io.StringIO()) == 0
    assert "      hint: `x` is bound by a comprehension, where no annotation can be written" in out.getvalue()
    assert "  holds, with 1 blind spot: deterministic, sandboxed" in out.getvalue()


FOLLOWED = '''\
class Backend:
    def match(self, f: str) -> bool:
        return f == "x"


class Spec:
    _backend: Backend

    def __init__(self, backend: Backend) -> None:
        self._backend: Backend = backend

    def _make(self):
        return Backend()

    def renew(self) -> None:
        self._backend = self._make()

    # claims: deterministic
    def match(self, f: str) -> bool:
        return self._backend.match(f)


# claims: deterministic
def norm(p) -> str:
    path = str(p)
    path = path.strip()
    return path.lower()
'''


def test_an_attribute_hint_can_be_followed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """An attribute annotated in the class body and in `__init__` but assigned an untyped expression elsewhere is
    still a blind spot: the hint names that assignment, not the class-body annotation it already has, and doing
    what it says lets the walk see the call. A name rebound from its own value is typed by its declaration alone."""
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pyproject.toml").write_text('[tool.claims]\npackages = ["pkg"]\n', encoding="utf-8")
    (tmp_path / "pkg" / "__init__.py").write_text(FOLLOWED, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    out = io.StringIO()
    assert main(["check", "--platform", "linux", "--no-cache"], out, io.StringIO()) == 0
    said = out.getvalue()
    assert (
        "pkg/__init__.py:20: self._backend.match(f) hides 1 claim, in a claiming function's own body; `self._backend`"
        " holds what its assignments give, and an expression is assigned to it (line 16)" in said
    )
    assert "in the class body" not in said
    assert "`path` is rebound from its own value (line 26)" in said
    followed = FOLLOWED.replace(
        "        self._backend = self._make()\n",
        "        backend: Backend = self._make()\n        self._backend = backend\n",
    )
    (tmp_path / "pkg" / "__init__.py").write_text(followed, encoding="utf-8")
    out = io.StringIO()
    assert main(["explain", "pkg.Spec.match", "--platform", "linux", "--no-cache"], out, io.StringIO()) == 0
    assert "  blind spots: none\n  holds: deterministic, sandboxed" in out.getvalue()
    declared = followed.replace("path = str(p)", "path: str = str(p)")
    (tmp_path / "pkg" / "__init__.py").write_text(declared, encoding="utf-8")
    out = io.StringIO()
    assert main(["explain", "pkg.norm", "--platform", "linux", "--no-cache"], out, io.StringIO()) == 0
    assert "  blind spots: none\n  holds: deterministic, sandboxed" in out.getvalue()
