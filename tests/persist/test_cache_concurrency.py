"""The cache under eight concurrent runs sharing one damaged cache: each rebuilds what is damaged, and all print
the same text as a clean run."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.helpers import VIOLATIONS, finish, pytest_run, subprocess_env


@pytest.mark.slow
def test_eight_concurrent_runs_share_one_damaged_cache(tmp_path: Path) -> None:
    """A cold run fills the cache; every entry is then truncated or replaced by garbage, and eight runs share
    it at once: each reads damaged entries, rebuilds them and writes them over the others'. Same text, always."""
    project = tmp_path / "project"
    shutil.copytree(VIOLATIONS, project)
    shared = tmp_path / "shared-cache"
    trace = tmp_path / "trace.txt"
    env = subprocess_env(PYTEST_CLAIMS_TRACE=str(trace))
    args = ("-o", f"cache_dir={shared}", "--claims-all-platforms")
    reference = finish(pytest_run(project, *args, env=env))
    assert reference[0] == pytest.ExitCode.TESTS_FAILED and "Traceback" not in reference[1]
    assert "claims deterministic but reaches time.time" in reference[1]
    claims_cache = shared / "d" / "claims"  # pytest's cache.mkdir("claims")
    entries = sorted(p for p in claims_cache.rglob("*") if p.is_file() and not p.name.startswith(".tmp-"))
    facts = [p for p in entries if p.parent.parent.name.startswith("facts-")]
    verdicts = [p for p in entries if p.name.startswith("verdicts-")]
    assert len(facts) > 2 and len(verdicts) == 1, entries
    for index, entry in enumerate(facts + verdicts):
        data = entry.read_bytes()
        entry.write_bytes(data[: len(data) // 2] if index % 2 else b"\x80garbage" * 3)
    runs = [pytest_run(project, *args, env=env) for _ in range(8)]
    for code, text in (finish(run) for run in runs):
        assert (code, text) == reference, text
    lines = trace.read_text().splitlines()
    assert len(lines) == 9 and all(line.startswith("engine-run ") for line in lines)  # one per session
    assert any(" parsed=0 " not in line for line in lines[1:])  # damaged entries were rebuilt, not trusted
