"""The plugin walks only the claims pytest will run (`-k`, `-m`, a shard): each with the whole run's verdict, and a
store that leaves a later whole run right; `--claims-changed[=REV]` runs only the claims a change can affect."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from tests.engine.test_engine_paths import PROJECT
from tests.helpers import write
from tests.persist.helpers import traced

PYPROJECT = {"pyproject.toml": '[tool.claims]\npackages = ["pkg"]\n'}


def _items(result: pytest.RunResult) -> list[str]:
    """Each item's node id and outcome (without the progress percentage)."""
    return sorted(" ".join(line.split()[:2]) for line in result.outlines if "::" in line and line.startswith("pkg/"))


def test_a_k_run_walks_only_what_it_runs_and_stores_what_a_whole_run_can_trust(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    write(pytester.path, {**PYPROJECT, **PROJECT})
    trace = pytester.path / "trace"
    monkeypatch.setenv("PYTEST_CLAIMS_TRACE", str(trace))
    cold = _items(pytester.runpytest("-p", "claims", "-p", "no:cacheprovider", "-v"))
    parsed_whole = int(traced(trace)["parsed"])
    part = pytester.runpytest("-p", "claims", "-v", "-k", "use")
    assert _items(part) == [line for line in cold if "::use[" in line]
    assert "FAILED" in _items(part)[0]  # the override outside the file, found as the whole run finds it
    assert part.parseoutcomes()["deselected"] == len(cold) - 1
    assert int(traced(trace)["parsed"]) < parsed_whole  # the other claims' walks were not made
    warm = pytester.runpytest("-p", "claims", "-v")  # over the store the `-k` run wrote
    assert _items(warm) == cold
    assert traced(trace)["reused"] == "1"


def _git(root: Path, *args: str) -> None:
    subprocess.run(
        ["git", "-c", "user.name=t", "-c", "user.email=t@example.com", *args],
        cwd=root,
        check=True,
        capture_output=True,
    )


def test_a_changed_only_run_runs_the_claims_a_change_can_affect(pytester: pytest.Pytester) -> None:
    write(pytester.path, {**PYPROJECT, **PROJECT})
    cold = pytester.runpytest("-p", "claims", "-v", "--claims-changed")  # no stored verdict: everything runs
    everything = _items(cold)
    cold.stdout.fnmatch_lines(["*changed-only: no stored verdicts (a cold cache): every claim is checked"])
    no_git = pytester.runpytest("-p", "claims", "-v", "--claims-changed")
    assert _items(no_git) == everything
    no_git.stdout.fnmatch_lines(["*changed-only: git * failed: *: every claim is checked"])

    _git(pytester.path, "init", "-q")
    _git(pytester.path, "add", "pkg", "pyproject.toml")
    _git(pytester.path, "commit", "-q", "-m", "start")
    nothing = pytester.runpytest("-p", "claims", "-v", "--claims-changed")
    assert nothing.parseoutcomes() == {"deselected": len(everything)}
    nothing.stdout.fnmatch_lines([f"*changed-only since HEAD: 0 changed files, 0 of {len(everything)} claims*"])

    other = pytester.path / "pkg/ext/other.py"
    other.write_text(other.read_text().replace("'X'", "'Y'"), encoding="utf-8")
    edited = pytester.runpytest("-p", "claims", "-v", "--claims-changed")
    assert _items(edited) == [line for line in everything if "::env[" in line]
    assert edited.parseoutcomes()["deselected"] == len(everything) - 1

    _git(pytester.path, "commit", "-q", "-am", "edit")
    since = pytester.runpytest("-p", "claims", "-v", "--claims-changed=HEAD~1")
    assert _items(since) == _items(edited)

    (pytester.path / "pkg/ext/impl.py").write_text("class Impl:\n    pass\n", encoding="utf-8")  # no override now
    shape = pytester.runpytest("-p", "claims", "-v", "--claims-changed")
    assert [line for line in _items(shape) if "::use[" in line] == [
        line.replace("FAILED", "PASSED") for line in everything if "::use[" in line
    ]
    assert not any("::env[" in line for line in _items(shape))


LIGHT = {
    "pkg/__init__.py": "",
    "pkg/leaf.py": (
        "import time\n\n\n# claims: deterministic\ndef stamp():\n    return time.time()\n\n\n"
        "class Box:\n    # claims: deterministic\n    def size(self):\n        return 1\n"
    ),
    "pkg/nested.py": "def outer():\n    # claims: deterministic\n    def inner():\n        return 2\n    return inner",
    "pkg/guarded.py": (
        "import os\nimport sys\n\nif sys.platform == 'win32':\n\n    # claims: deterministic\n"
        "    def cwd():\n        return os.getcwd()\n"
    ),
    "pkg/deco.py": ("from pytest_claims import claims\n\n\n@claims('deterministic')\ndef calm():\n    return 3\n"),
}


def test_a_k_run_reads_claims_without_facts_and_judges_as_the_whole_run(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The claims of a `-k` run are read without the facts of the files it does not judge (`lightread`): the
    same items, refusals and verdicts as the whole run, on every target."""
    write(pytester.path, {**PYPROJECT, **LIGHT})
    trace = pytester.path / "trace"
    monkeypatch.setenv("PYTEST_CLAIMS_TRACE", str(trace))
    args = [
        "-p",
        "claims",
        "-p",
        "no:cacheprovider",
        "-v",
        "--claims-platform=linux,win32",
        "--continue-on-collection-errors",
    ]
    whole = pytester.runpytest(*args)
    parsed_whole = int(traced(trace)["parsed"])
    part = pytester.runpytest(*args, "-k", "stamp or cwd")
    assert _items(part) == [line for line in _items(whole) if "::stamp[" in line or "::cwd[" in line]
    assert any("FAILED" in line for line in _items(part))
    assert sum("::cwd[" in line for line in _items(part)) == 1  # exists on win32 only
    assert int(traced(trace)["parsed"]) < parsed_whole
    for result in (whole, part):  # the nested def's directive is refused in both, at its line
        result.stdout.fnmatch_lines(["*pkg/nested.py:2: claims go on module-level functions and methods*"])
    calm = pytester.runpytest(*args, "-k", "calm or size")
    assert _items(calm) == [line for line in _items(whole) if "::calm[" in line or "Box.size[" in line]
    assert len(_items(calm)) == 4


REFUSING = {
    "pkg/__init__.py": "",
    "pkg/leaf.py": "def value():\n    return 1\n",
    "pkg/a.py": (
        "from pkg.leaf import value\n\n\n# claims: deterministic\ndef uses():\n    return value()\n\n\n"
        "# claims: deterministic\ndef alone():\n    return 2\n"
    ),
    "pkg/bad.py": (
        "from pkg.leaf import value\n\n\ndef outer():\n    # claims: deterministic\n    def inner():\n"
        "        return 2\n    return inner\n\n\n# claims: deterministic\ndef fine():\n    return value()\n"
    ),
}


def test_a_changed_only_run_deselects_by_count_and_judges_as_a_whole_run(pytester: pytest.Pytester) -> None:
    """The claims a change cannot affect are collected and deselected, counted as pytest counts `-k`'s; the one
    whose dependency changed is judged again, as the whole run judges it; a file with a refused directive stays a
    collection error, its other claims no item in either run."""
    write(pytester.path, {**PYPROJECT, **REFUSING})
    args = ("-p", "claims", "-v", "--continue-on-collection-errors", "--claims-platform=linux")
    whole = pytester.runpytest(*args)
    assert _items(whole) == ["pkg/a.py::alone[linux] PASSED", "pkg/a.py::uses[linux] PASSED"]
    _git(pytester.path, "init", "-q")
    _git(pytester.path, "add", "pkg", "pyproject.toml")
    _git(pytester.path, "commit", "-q", "-m", "start")
    (pytester.path / "pkg/leaf.py").write_text("import time\n\n\ndef value():\n    return time.time()\n")
    changed = pytester.runpytest(*args, "--claims-changed")
    assert _items(changed) == ["pkg/a.py::uses[linux] FAILED"]
    assert changed.parseoutcomes() == {"failed": 1, "deselected": 1, "errors": 1}
    changed.stdout.fnmatch_lines(
        [
            "*collected 2 items / 1 error / 1 deselected / 1 selected",
            "*changed-only since HEAD: 1 changed file, 1 of 2 claims affected",
        ]
    )
    again = pytester.runpytest(*args)
    assert _items(again) == ["pkg/a.py::alone[linux] PASSED", "pkg/a.py::uses[linux] FAILED"]
    for result in (whole, changed, again):
        result.stdout.fnmatch_lines(["*pkg/bad.py:5: claims go on module-level functions and methods*"])


SPLIT = """import pytest


def pytest_addoption(parser):
    parser.addoption("--splits", type=int, default=None)
    parser.addoption("--group", type=int, default=1)


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config, items):
    splits, group = config.getoption("splits"), config.getoption("group")
    if splits:
        kept = [item for index, item in enumerate(items) if index % splits == group - 1]
        config.hook.pytest_deselected(items=[item for item in items if item not in kept])
        items[:] = kept
"""
"""A sharding plugin as pytest-split is one, unknown to the plugin: it keeps every `splits`th item."""


def test_a_shard_reads_claims_without_facts_and_judges_as_the_whole_run(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A run whose options name a count of shards takes the light reading (`session._sharded`): the kept claims
    get the whole run's verdicts, and the facts of the claiming files it does not judge are never read."""
    write(pytester.path, {**PYPROJECT, **LIGHT, "conftest.py": SPLIT})
    trace = pytester.path / "trace"
    monkeypatch.setenv("PYTEST_CLAIMS_TRACE", str(trace))
    args = ["-p", "claims", "-p", "no:cacheprovider", "-v", "--continue-on-collection-errors"]
    whole = _items(pytester.runpytest(*args))
    parsed_whole = int(traced(trace)["parsed"])
    shard = pytester.runpytest(*args, "--splits", str(len(whole)), "--group", "1")
    assert _items(shard) == [line for line in whole if "::calm[" in line]  # the first item, deco.py's
    assert shard.parseoutcomes()["deselected"] == len(whole) - 1
    assert int(traced(trace)["parsed"]) < parsed_whole
