"""Claims in files no import can name (`dash-name.py`, `9lives.py`, anything under `sub-dir/`, a module a package
of the same name hides): the plugin cannot check them, so each directive is a collection error at file:line and
the run does not pass, whether the project is collected whole or the file is named on the command line."""

from __future__ import annotations

import pytest

PYPROJECT = '[tool.claims]\npackages = ["pkg"]\n'
CLAIMED = 'import os\n\n\n# claims: deterministic\ndef f():\n    return os.getenv("X")\n'
DECORATED = 'from pytest_claims import claims\n\n\n@claims("deterministic")\ndef g():\n    return 1\n'


@pytest.fixture
def project(pytester: pytest.Pytester) -> pytest.Pytester:
    pytester.makepyprojecttoml(PYPROJECT)
    for rel, text in {
        "pkg/__init__.py": "",
        "pkg/dash-name.py": CLAIMED,
        "pkg/9lives.py": DECORATED,
        "pkg/sub-dir/x.py": CLAIMED,
        "pkg/plain-text.py": "def h():\n    return 1  # mentions claims, holds none\n",
    }.items():
        path = pytester.path / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return pytester


def test_the_whole_project_reports_each_directive(project: pytest.Pytester) -> None:
    result = project.runpytest("-p", "claims", "-p", "no:cacheprovider")
    result.stdout.fnmatch_lines(
        [
            "pkg/9lives.py:4: claims in a file no import can name (`9lives` is not a Python identifier): *",
            "pkg/dash-name.py:4: claims in a file no import can name (`dash-name` is not a Python identifier): *",
            "pkg/sub-dir/x.py:4: claims in a file no import can name (the directory name `sub-dir` is *",
        ]
    )
    assert "plain-text" not in result.stdout.str()
    assert result.ret != pytest.ExitCode.OK


def test_the_file_named_on_the_command_line_reports_it(project: pytest.Pytester) -> None:
    result = project.runpytest("-p", "claims", "-p", "no:cacheprovider", "pkg/dash-name.py")
    result.stdout.fnmatch_lines(["pkg/dash-name.py:4: claims in a file no import can name *"])
    assert result.ret not in (pytest.ExitCode.OK, pytest.ExitCode.NO_TESTS_COLLECTED)


def test_a_module_hidden_by_a_package_reports_it(pytester: pytest.Pytester) -> None:
    pytester.makepyprojecttoml(PYPROJECT)
    (pytester.path / "pkg" / "b").mkdir(parents=True)
    (pytester.path / "pkg" / "__init__.py").write_text("")
    (pytester.path / "pkg" / "b" / "__init__.py").write_text("")
    (pytester.path / "pkg" / "b.py").write_text(CLAIMED)  # the only claim of the project: not an idle run
    result = pytester.runpytest("-p", "claims", "-p", "no:cacheprovider")
    result.stdout.fnmatch_lines(["pkg/b.py:4: claims in a file no import can name (`pkg.b` is the package pkg/b/): *"])
    assert result.ret != pytest.ExitCode.OK
