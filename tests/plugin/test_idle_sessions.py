"""A project with no `[tool.claims]` table and no claiming function costs next to nothing: no analysis, the
project loaded at most once, idle controllers telling their workers, pyproject.toml read once per session."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

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
    """semantics §9: the plugin adds nothing and costs nothing noticeable. Past the pre-scan (no file mentions a
    claim), nothing of the analysis runs: the entry point is never called, the unparsable file never named."""
    from pytest_claims import engine
    from pytest_claims.plugin import session

    pytester.makepyprojecttoml('[project]\nname = "x"\n')
    _write(pytester.path, IDLE_PROJECT)
    calls: list[object] = []

    def refuse(*args: object, **kwargs: object) -> None:
        calls.append(args)
        raise AssertionError("the analysis ran")

    monkeypatch.setattr(engine, "check", refuse)
    monkeypatch.setattr(session, "check", refuse, raising=False)  # where the plugin would bind it at import
    result = pytester.runpytest("-p", "claims")
    result.assert_outcomes(passed=1)
    assert calls == []
    assert "broken.py" not in result.stdout.str()
    assert "claims checked" not in result.stdout.str()


def test_no_table_still_checks_the_claims_it_finds(pytester: pytest.Pytester) -> None:
    """Idle means no claim to check, not no table: detected packages are checked without one (semantics §10)."""
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
    from pytest_claims import engine
    from pytest_claims.analysis.project import load as project_load
    from pytest_claims.plugin import session

    loads: list[str] = []

    def counted(original: Any, who: str) -> Any:
        def load(*args: Any, **kwargs: Any) -> Any:
            loads.append(who)
            return original(*args, **kwargs)

        return load

    monkeypatch.setattr(session, "load", counted(project_load, "plugin"))
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
        from pytest_claims.plugin import session as plugin

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
    from pytest_claims import config
    from pytest_claims.observe import plugin as observe_plugin
    from pytest_claims.plugin import projects

    pytester.makepyprojecttoml('[project]\nname = "x"\n')
    _write(pytester.path, IDLE_PROJECT)
    read: list[Path] = []

    def counted(root: Path) -> config.Config:
        read.append(root)
        return config.load_config(root)

    monkeypatch.setattr(projects, "load_config", counted)
    monkeypatch.setattr(observe_plugin, "load_config", counted, raising=False)
    pytester.runpytest("-p", "claims").assert_outcomes(passed=1)
    assert read == [pytester.path]
