"""The engine and the reports never run the code they check: a project whose every module, decorator, class
body and default would leave a mark is judged cold and warm, and nothing of it is imported."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from pytest_claims.engine import check
from pytest_claims.output.report import json_report, markdown_catalogue, sarif_report
from pytest_claims.persist.cache import FactsCache
from tests.helpers import hostile_project, reaches

HOSTILE_VERDICTS = {
    "trap.mod.Loud.size": "held",
    "trap.mod.pure": "held",
    "trap.mod.decorated": "violated",
    "trap.mod.env": "violated",
    "trap.mod.through_dependency": "violated",
    "trap.mod.default": "violated",
    "trap.mod.via_deep": "held",
    "trap.sub.deep.value": "held",
}


def test_engine_and_reports_never_import_the_analysed_code(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    sentinel = tmp_path / "SENTINEL"
    root, site = tmp_path / "project", tmp_path / "site"
    hostile_project(root, site, sentinel)
    monkeypatch.syspath_prepend(str(site))  # trapdep is importable: the engine must still only read it
    before = set(sys.modules)
    for _ in range(2):  # cold, then warm from the cache
        result = check(root, ["darwin", "linux", "win32"], cache=FactsCache(tmp_path / "cache"), details=True)
        json_report(result, result.rules, "0")
        markdown_catalogue(result)
        sarif_report(result, result.rules, "0")
        for platform in result.platforms:
            assert {c.function: c.status for c in result.claims if c.platform == platform} == HOSTILE_VERDICTS
        assert [str(p) for p in result.problems] == ["src/trap/broken.py:3: syntax error: invalid syntax"]
    assert reaches(result, "trap.mod.through_dependency") == [("time.time", ("trapdep.helper",))]
    assert reaches(result, "trap.mod.decorated") == [("builtins.open", ("trap.mod._trap_decorator",))]
    assert not sentinel.exists(), sentinel.read_text()
    imported = sorted(n for n in set(sys.modules) - before if n.split(".")[0] in ("trap", "trapdep"))
    assert imported == []
