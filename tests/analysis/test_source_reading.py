"""Reading source: each kind of unreadable file is one line naming the file (and line), what depends on it is
unevaluable and the rest is judged; odd but valid files keep their line numbers; the analysed code's warnings
change nothing."""

from __future__ import annotations

import re
import warnings
from pathlib import Path

import pytest

from pytest_claims.engine import check
from pytest_claims.persist.cache import FactsCache
from tests.helpers import HEAD, bad_project, headroom, reasons, statuses, write


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
