"""Fail closed under the plugin: a missing package path is a usage error, unreadable files are listed with their
dependants failing, and a run with an unreadable claiming file never passes."""

from __future__ import annotations

import pytest

from tests.helpers import GOOD, HEAD, bad_project, write


def test_a_package_path_that_does_not_exist_is_a_usage_error(pytester: pytest.Pytester) -> None:
    pytester.makepyprojecttoml('[tool.claims]\npackages = ["src/gone"]\n')
    result = pytester.runpytest("-p", "claims")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(
        ["*pyproject.toml: [[]tool.claims[]] packages: 'src/gone' is neither a directory nor a .py file*"]
    )
    assert "Traceback" not in result.stdout.str() + result.stderr.str()


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


def test_a_run_whose_every_claiming_file_is_unreadable_fails(pytester: pytest.Pytester) -> None:
    """No item can be collected (pytest's "no tests ran", 5, which CI setups accept): the run fails instead."""
    pytester.makepyprojecttoml('[tool.claims]\npackages = ["pkg"]\n')
    (pytester.path / "pkg").mkdir()
    (pytester.path / "pkg" / "__init__.py").write_text("")
    (pytester.path / "pkg" / "bad.py").write_text("# claims: deterministic\ndef f(:\n    pass\n")
    result = pytester.runpytest("-p", "claims")
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    result.stdout.fnmatch_lines(["*pkg/bad.py*syntax error*"])
