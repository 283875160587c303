"""The facts cache and the verdict store: warm runs parse nothing, nothing stale is ever served."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from pytest_claims.cache import FactsCache, pack, unpack
from pytest_claims.engine import check

FIXTURE = Path(__file__).resolve().parent.parent / "testdata" / "violations"


@pytest.fixture
def project(tmp_path: Path) -> Path:
    shutil.copytree(FIXTURE, tmp_path / "project")
    return tmp_path / "project"


def _run(project: Path, cache_dir: Path) -> tuple[FactsCache, object]:
    cache = FactsCache(cache_dir)
    return cache, check(project, ["linux", "win32"], cache=cache)


def test_warm_run_parses_nothing(project: Path, tmp_path: Path) -> None:
    cold_cache, cold = _run(project, tmp_path / "cache")
    assert cold_cache.parsed == len(cold.project.modules.loaded())  # type: ignore[attr-defined]
    warm_cache, warm = _run(project, tmp_path / "cache")
    assert warm_cache.parsed == 0
    assert warm.claims == cold.claims  # type: ignore[attr-defined]
    assert warm.reused == len(warm.claims)  # type: ignore[attr-defined]


def test_only_what_claims_reach_is_parsed(project: Path) -> None:
    result = check(project, ["linux"])
    loaded = result.project.modules.loaded()
    assert "vio.helpers" in loaded
    assert "vio.receipts" not in loaded  # no claim reaches it, and it holds no directive


def test_touching_one_file_reparses_that_file_only(project: Path, tmp_path: Path) -> None:
    _run(project, tmp_path / "cache")
    helpers = project / "src" / "vio" / "helpers.py"
    helpers.write_text(
        helpers.read_text().replace("return time.time()\n\n\ndef relay", "return time.monotonic()\n\n\ndef relay")
    )
    cache, touched = _run(project, tmp_path / "cache")
    assert cache.parsed == 1
    fresh = check(project, ["linux", "win32"])
    assert touched.claims == fresh.claims  # type: ignore[attr-defined]
    one_hop = [c for c in fresh.claims if c.qualname == "one_hop"]
    assert {v.reach for c in one_hop for v in c.violations} == {"time.monotonic"}


def test_a_new_module_invalidates_verdicts_that_looked_for_it(project: Path, tmp_path: Path) -> None:
    (project / "src" / "vio" / "late.py").write_text(
        "import vio.missing\n\n\n# claims: deterministic\ndef f():\n    return vio.missing.g()\n"
    )
    _, before = _run(project, tmp_path / "cache")
    late = next(c for c in before.claims if c.qualname == "f")  # type: ignore[attr-defined]
    assert late.status == "unevaluable"
    (project / "src" / "vio" / "missing.py").write_text("import os\n\n\ndef g():\n    return os.getenv('X')\n")
    _, after = _run(project, tmp_path / "cache")
    late = next(c for c in after.claims if c.qualname == "f")  # type: ignore[attr-defined]
    assert late.status == "violated"


@pytest.mark.parametrize(
    "damage",
    [
        lambda data: data[: len(data) // 2],
        lambda data: b"garbage",
        lambda data: data[:-1] + bytes([data[-1] ^ 0xFF]),
        lambda data: b"",
    ],
    ids=["truncated", "garbage", "flipped", "empty"],
)
def test_damaged_entries_are_rebuilt_with_the_same_verdicts(project: Path, tmp_path: Path, damage: object) -> None:
    _, cold = _run(project, tmp_path / "cache")
    entries = [p for p in (tmp_path / "cache").rglob("*") if p.is_file()]
    assert entries
    for entry in entries:
        entry.write_bytes(damage(entry.read_bytes()))  # type: ignore[operator]
    cache, rebuilt = _run(project, tmp_path / "cache")
    assert cache.parsed > 0
    assert rebuilt.claims == cold.claims  # type: ignore[attr-defined]
    again, _ = _run(project, tmp_path / "cache")
    assert again.parsed == 0


def test_foreign_entries_never_run_code(tmp_path: Path) -> None:
    import pickle

    class Evil:
        def __reduce__(self) -> tuple[object, ...]:
            return (print, ("owned",))

    payload = pickle.dumps(Evil())
    import hashlib

    forged = b"pytest-claims-cache\x00" + hashlib.sha256(payload).digest() + payload
    with pytest.raises(ValueError, match="not allowed"):
        unpack(forged)
    assert unpack(pack((1, "a", frozenset({"b"})))) == (1, "a", frozenset({"b"}))


def test_plugin_warm_run_and_cache_clear(pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> None:
    shutil.copytree(FIXTURE, pytester.path, dirs_exist_ok=True)
    trace = pytester.path / "trace.txt"
    monkeypatch.setenv("PYTEST_CLAIMS_TRACE", str(trace))
    first = pytester.runpytest_subprocess("-p", "claims", "-q")
    second = pytester.runpytest_subprocess("-p", "claims", "-q")
    cleared = pytester.runpytest_subprocess("-p", "claims", "-q", "--cache-clear")
    assert first.ret == second.ret == cleared.ret == pytest.ExitCode.TESTS_FAILED
    lines = trace.read_text().splitlines()
    assert len(lines) == 3
    assert "parsed=0 " not in lines[0]
    assert "parsed=0 " in lines[1]
    assert "parsed=0 " not in lines[2]


def test_xdist_runs_the_engine_once_with_the_same_outcomes(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    pytest.importorskip("xdist")
    shutil.copytree(FIXTURE, pytester.path, dirs_exist_ok=True)
    trace = pytester.path / "trace.txt"
    monkeypatch.setenv("PYTEST_CLAIMS_TRACE", str(trace))
    serial = pytester.runpytest_subprocess("-p", "claims", "-p", "no:cacheprovider", "-q", "-rA")
    parallel = pytester.runpytest_subprocess("-p", "claims", "-p", "no:cacheprovider", "-q", "-rA", "-n", "2")
    assert serial.parseoutcomes() == parallel.parseoutcomes()

    def outcomes(result: pytest.RunResult) -> list[str]:
        return sorted(line for line in result.outlines if line.startswith(("PASSED ", "FAILED ")))

    assert outcomes(serial) == outcomes(parallel)
    assert len(trace.read_text().splitlines()) == 2  # one engine run per session, none in the workers
