"""A held claim whose walk has blind spots passes and says so on its `-v` line (`PASSED (held, 2 blind spots)`);
a plain held item, and `-q` output, are as for any passing test."""

from __future__ import annotations

import sys

import pytest

HOST = sys.platform
PROJECT = {
    "pyproject.toml": '[tool.claims]\npackages = ["src/pk"]\n\n[[tool.claims.forbid-reaches]]\nid = "r1"\n'
    'from = "pk.m.two"\nto = "time.time"\n',
    "src/pk/__init__.py": "",
    "src/pk/m.py": (
        "class Job:\n    def run(self):\n        return 1\n\n    def go(self):\n        return 2\n\n\n"
        "# claims: deterministic\ndef one(x):\n    return x.run()\n\n\n"
        "# claims: deterministic\ndef two(x, y):\n    return x.run(), y.go()\n\n\n"
        "# claims: deterministic\ndef plain(x: int) -> int:\n    return x + 1\n\n\n"
        "def comp(items):\n    return [x.go() for x in items]\n"
    ),
}


def _project(pytester: pytest.Pytester) -> None:
    for rel, text in PROJECT.items():
        path = pytester.path / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


def test_verbose_lines_name_the_blind_spots(pytester: pytest.Pytester) -> None:
    _project(pytester)
    result = pytester.runpytest("-p", "claims", "-v")
    result.assert_outcomes(passed=4)
    result.stdout.fnmatch_lines(
        [
            f"src/pk/m.py::one[[]{HOST}[]] PASSED (held, 1 blind spot)*",
            f"src/pk/m.py::two[[]{HOST}[]] PASSED (held, 2 blind spots)*",
            f"src/pk/m.py::plain[[]{HOST}[]] PASSED *",
            f"pyproject.toml::forbid-reaches[[]r1[]][[]{HOST}[]] PASSED (held, 2 blind spots)*",
        ]
    )
    assert "plain[" + HOST + "] PASSED (held" not in result.stdout.str()


def test_the_summary_ranks_own_sites_first_with_hints_in_context(pytester: pytest.Pytester) -> None:
    """The sites in `one`'s and `two`'s own bodies come before the one that hides more claims, reached through
    `comp`; the hint for a
    comprehension variable names the iterable to annotate, read from the file."""
    _project(pytester)
    path = pytester.path / "src/pk/m.py"
    path.write_text(
        path.read_text(encoding="utf-8")
        + "\n\n# claims: deterministic\ndef c1(x):\n    return comp(x)\n"
        + "\n\n# claims: deterministic\ndef c2(x):\n    return comp(x)\n",
        encoding="utf-8",
    )
    result = pytester.runpytest("-p", "claims")
    result.assert_outcomes(passed=6)
    result.stdout.fnmatch_lines(
        [
            "blind-spot sites in claiming functions' own bodies first, then those hiding the most claims:",
            "  src/pk/m.py:11: x.run() hides 1 claim, in a claiming function's own body; annotate the receiver `x`*",
            "  src/pk/m.py:16: x.run() hides 1 claim, in a claiming function's own body; annotate the receiver `x`*",
            "  src/pk/m.py:16: y.go() hides 1 claim, in a claiming function's own body; annotate the receiver `y`*",
            "  src/pk/m.py:*: x.go() hides 2 claims; `x` is bound by a comprehension, where no annotation can be"
            " written: annotate `items` with its element type*",
        ],
        consecutive=True,
    )


def test_quiet_output_is_unchanged(pytester: pytest.Pytester) -> None:
    _project(pytester)
    result = pytester.runpytest("-p", "claims", "-q")
    result.assert_outcomes(passed=4)
    assert "(held," not in result.stdout.str()
    result.stdout.fnmatch_lines(["....*"])


def test_the_same_under_xdist(pytester: pytest.Pytester) -> None:
    pytest.importorskip("xdist")
    _project(pytester)
    result = pytester.runpytest_subprocess("-p", "claims", "-v", "-n", "2")
    result.assert_outcomes(passed=4)
    result.stdout.fnmatch_lines([f"*PASSED (held, 2 blind spots) src/pk/m.py::two[[]{HOST}[]]*"])
