"""The plugin never runs the code it checks, under every way of running it (serial, xdist, named files, one
node id, collect-only, each report format): no mark is left and no analysed module is imported, in any process."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

from tests.helpers import hostile_project

HOST = sys.platform


HAS_XDIST = importlib.util.find_spec("xdist") is not None


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
    unreadable = "*unreadable: src/trap/broken.py:3: syntax error: invalid syntax*"
    if any(arg.startswith("src/") for arg in args):  # a path run judges the files under its paths, as pytest does
        result.stdout.no_fnmatch_line(unreadable)
    elif len(args) > 1 or "--claims-all-platforms" in args or not args:
        result.stdout.fnmatch_lines([unreadable])
    for report in ("report.json", "claims.sarif", "catalog.md"):
        if f"--claims-report={report}" in args:
            assert (pytester.path / report).stat().st_size > 0
    assert not sentinel.exists(), f"analysed code ran: {sentinel.read_text()}"
    observed = sorted(pytester.path.glob("modules-*.txt"))
    assert observed, "the observer conftest did not run"
    assert {p.name: p.read_text() for p in observed} == {p.name: "" for p in observed}
