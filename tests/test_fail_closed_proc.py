"""Issue 16, fail closed: a helper process that stops answering costs bounded time (item 18), and a project
with no `[tool.claims]` table and no claiming function costs next to nothing ("Also measured").

Helpers are `sys.executable` processes: the tests make `sys.executable` a wrapper that notes each helper's pid
and then hangs (as tests/test_extraction.py does to watch them). A hang in the product would hang the test
session too, so each such run goes through `finishes`, which fails the test instead."""

from __future__ import annotations

import contextlib
import os
import shlex
import shutil
import signal
import sys
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, TypeVar

import pytest

from pytest_claims.analysis import extraction
from pytest_claims.analysis.extraction import ENV_HELPERS, extract_fresh, extract_many, helper_patience
from pytest_claims.engine import check

T = TypeVar("T")

FIXTURE = Path(__file__).resolve().parent.parent / "testdata" / "violations"

JOBS = [
    ("pkg/plain.py", b"import os\n\n\ndef f():\n    return os.getcwd()\n"),
    ("pkg/broken.py", b"def f(:\n    pass\n"),
    *[(f"pkg/m{i}.py", b"# claims: deterministic\ndef f%d():\n    return %d\n" % (i, i)) for i in range(12)],
    ("pkg/big.py", b"x = 1\n" * 40_000),  # more than a pipe holds: a helper that never reads blocks the write
]


class Helpers:
    """What replaces the helper processes: a wrapper noting each one's pid, then running a shell line."""

    def __init__(self, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        self.log = tmp_path / "helpers.log"
        self.wrapper = tmp_path / "python-wrapper"
        self.monkeypatch = monkeypatch

    def run(self, then: str) -> None:
        """Every helper started from now on notes its pid, then runs the shell line `then`."""
        self.wrapper.write_text(f"#!/bin/sh\necho $$ >> {shlex.quote(str(self.log))}\n{then}\n")
        self.wrapper.chmod(0o755)
        self.monkeypatch.setattr(sys, "executable", str(self.wrapper))

    def pids(self) -> list[int]:
        """The pids noted so far."""
        return [int(pid) for pid in self.log.read_text().split()] if self.log.exists() else []


@pytest.fixture
def helpers(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Helpers]:
    """Helpers take a share of any batch and are waited for a fraction of a second (the product's bound, made
    short enough to test); whatever they left running is killed at the end."""
    if sys.platform == "win32":
        pytest.skip("helpers are replaced through a /bin/sh wrapper")
    monkeypatch.setattr(extraction, "MIN_SHARED_BYTES", 0)
    monkeypatch.setattr(extraction, "HELPER_HANDICAP_BYTES", 0)
    monkeypatch.setattr(extraction, "HELPER_GRACE_SECONDS", 0.2)
    monkeypatch.setattr(extraction, "HELPER_MIN_BYTES_PER_SECOND", 10**12)
    replaced = Helpers(tmp_path, monkeypatch)
    yield replaced
    for pid in replaced.pids():
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)


def finishes(call: Callable[[], T], seconds: float = 120.0) -> T:
    """`call()`'s value, computed in a thread; a test failure (not a session that never ends) when it has not
    returned after `seconds`, far more than the bounded run needs: the bug was a wait with no end at all."""
    out: list[T] = []
    errors: list[BaseException] = []

    def run() -> None:
        try:
            out.append(call())
        except BaseException as error:  # handed to the test's thread
            errors.append(error)

    thread = threading.Thread(target=run, name="test-bounded-run", daemon=True)
    thread.start()
    thread.join(seconds)
    if thread.is_alive():
        pytest.fail(f"still waiting after {seconds:.0f} s: a wait on a helper has no bound")
    if errors:
        raise errors[0]
    return out[0]


def gone(pid: int) -> bool:
    """Whether the process has ended and been reaped (by whoever started it); waits for that, within reason."""
    for _ in range(600):
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return True
        threading.Event().wait(0.05)
    return False


def test_a_hung_helper_is_killed_and_its_share_extracted_here(helpers: Helpers) -> None:
    helpers.run("exec sleep 3600")  # takes the helper's pid, reads nothing, answers never
    alone = [extract_fresh(data, rel) for rel, data in JOBS]
    assert finishes(lambda: extract_many(JOBS, 2)) == alone
    started = helpers.pids()
    assert len(started) == 2  # both helpers took a share, and hung
    assert all(gone(pid) for pid in started)  # killed, not left running


def test_a_helper_whose_descendant_holds_the_pipes_does_not_hold_the_run(
    helpers: Helpers, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Killing the helper does not close its pipes when a process it started keeps them: the wait after the
    kill is bounded too (the descendant, noted in the log, is killed by the fixture)."""
    monkeypatch.setattr(extraction, "KILL_WAIT_SECONDS", 0.2)
    helpers.run(f"sleep 3600 &\necho $! >> {shlex.quote(str(helpers.log))}\nwait")
    alone = [extract_fresh(data, rel) for rel, data in JOBS]
    assert finishes(lambda: extract_many(JOBS, 1)) == alone
    assert len(helpers.pids()) == 2  # the helper and the process it started


def test_a_run_with_hung_helpers_gives_the_verdicts_of_one_process(
    helpers: Helpers, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    project = tmp_path / "project"
    shutil.copytree(FIXTURE, project)
    serial = check(project, ["linux", "win32"])
    helpers.run("exec sleep 3600")
    monkeypatch.setenv(ENV_HELPERS, "2")
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: set(range(8)), raising=False)  # cores to spare
    shared = finishes(lambda: check(project, ["linux", "win32"]))
    assert helpers.pids()  # helpers were asked, and never answered
    assert shared.claims == serial.claims
    assert shared.errors == serial.errors
    assert shared.problems == serial.problems


def test_patience_grows_with_the_share_and_spares_a_slow_machine() -> None:
    """All of Django's source (5.5 MB, about a second of parsing on one loaded core) handed to one helper on a
    machine twenty times slower still finishes well within the bound; an empty share gets the grace alone."""
    assert helper_patience(0) == extraction.HELPER_GRACE_SECONDS
    django, rate = 5_500_000, 5_000_000 / 20
    assert helper_patience(django) > 2 * django / rate
    assert helper_patience(2 * django) > helper_patience(django)


# -- an idle plugin ---------------------------------------------------------------------------------------------

IDLE_PROJECT = {
    "pkg/__init__.py": "",
    "pkg/clock.py": "import time\n\n\ndef now():\n    return time.time()\n",
    "pkg/broken.py": "def f(:\n    pass\n",  # would be reported, were it read as a claiming file
    "tests/test_plain.py": "def test_a():\n    pass\n",
}


def _write(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)


def test_no_table_and_no_claim_runs_no_analysis(pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> None:
    """SPEC §9: the plugin adds nothing and costs nothing noticeable. Past the pre-scan (no file mentions a
    claim), nothing of the analysis runs: the entry point is never called, the unparsable file never named."""
    from pytest_claims import engine, plugin

    pytester.makepyprojecttoml('[project]\nname = "x"\n')
    _write(pytester.path, IDLE_PROJECT)
    calls: list[object] = []

    def refuse(*args: object, **kwargs: object) -> None:
        calls.append(args)
        raise AssertionError("the analysis ran")

    monkeypatch.setattr(engine, "check", refuse)
    monkeypatch.setattr(plugin, "check", refuse, raising=False)  # where the plugin bound it at import
    result = pytester.runpytest("-p", "claims")
    result.assert_outcomes(passed=1)
    assert calls == []
    assert "broken.py" not in result.stdout.str()
    assert "claims checked" not in result.stdout.str()


def test_no_table_still_checks_the_claims_it_finds(pytester: pytest.Pytester) -> None:
    """Idle means no claim to check, not no table: detected packages are checked without one (SPEC §10)."""
    pytester.makepyprojecttoml('[project]\nname = "x"\n')
    _write(
        pytester.path,
        {
            **IDLE_PROJECT,
            "pkg/stamp.py": "import time\n\n\n# claims: deterministic\ndef s():\n    return time.time()\n",
        },
    )
    result = pytester.runpytest("-p", "claims")
    result.assert_outcomes(passed=1, failed=1, errors=0)
    result.stdout.fnmatch_lines(["*pkg.stamp.s claims deterministic but calls time.time*"])


def test_a_session_that_is_not_idle_loads_the_project_once(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No table but a claim: the idle test's scan is the analysis's own (a cold run would hash every file twice,
    the snapshot not yet vouching for files written a moment ago)."""
    from pytest_claims import engine, plugin
    from pytest_claims.analysis.project import load as project_load

    loads: list[str] = []

    def counted(original: Any, who: str) -> Any:
        def load(*args: Any, **kwargs: Any) -> Any:
            loads.append(who)
            return original(*args, **kwargs)

        return load

    monkeypatch.setattr(plugin, "load", counted(project_load, "plugin"))
    monkeypatch.setattr(engine, "load", counted(project_load, "engine"))
    pytester.makepyprojecttoml('[project]\nname = "x"\n')
    _write(pytester.path, {**IDLE_PROJECT, "pkg/stamp.py": "# claims: deterministic\ndef s():\n    return 1\n"})
    result = pytester.runpytest("-p", "claims")
    result.assert_outcomes(passed=2)  # the plain test and the claim, which holds
    assert loads == ["plugin"]


def test_an_idle_controller_tells_its_workers(pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> None:
    """Under xdist, no process analyses anything (no engine run) and the workers do not pre-scan again."""
    pytest.importorskip("xdist")
    pytester.makepyprojecttoml('[project]\nname = "x"\n')
    _write(pytester.path, IDLE_PROJECT)
    loads, trace = pytester.path / "loads.txt", pytester.path / "trace.txt"
    pytester.makeconftest(
        f"""
        import os
        from pytest_claims import plugin

        original = getattr(plugin, "load", None)

        def load(*args, **kwargs):
            with open({str(loads)!r}, "a") as out:
                out.write(os.environ.get("PYTEST_XDIST_WORKER", "controller") + "\\n")
            return original(*args, **kwargs)

        if original is not None:
            plugin.load = load
        """
    )
    monkeypatch.setenv("PYTEST_CLAIMS_TRACE", str(trace))
    monkeypatch.delenv("PYTEST_XDIST_WORKER", raising=False)  # set when this suite itself runs under xdist
    result = pytester.runpytest_subprocess("-p", "claims", "-n", "2", "-q")
    result.assert_outcomes(passed=1)
    assert not trace.exists()  # no engine run, in any process
    assert loads.read_text().split() == ["controller"]


def test_pyproject_is_read_once_per_session(pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> None:
    """The observer reads the configuration before the plugin's `pytest_configure`; they share that reading."""
    from pytest_claims import config, plugin
    from pytest_claims.observe import plugin as observe_plugin

    pytester.makepyprojecttoml('[project]\nname = "x"\n')
    _write(pytester.path, IDLE_PROJECT)
    read: list[Path] = []

    def counted(root: Path) -> config.Config:
        read.append(root)
        return config.load_config(root)

    monkeypatch.setattr(plugin, "load_config", counted)
    monkeypatch.setattr(observe_plugin, "load_config", counted, raising=False)
    pytester.runpytest("-p", "claims").assert_outcomes(passed=1)
    assert read == [pytester.path]
