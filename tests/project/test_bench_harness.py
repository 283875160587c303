"""benchmarks/run.py's engine comparison: runs interleaved engine by engine, the order reversed every other
round, medians and ratios per engine, a crash named by engine, and each measured process importing the engine
it was given (PYTHONPATH before the editable install); the W x4 workload's renaming."""

from __future__ import annotations

import importlib
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

REPO = Path(__file__).resolve().parents[2]
BENCHMARKS = REPO / "benchmarks"


def _load(name: str) -> ModuleType:
    sys.path.insert(0, str(BENCHMARKS))
    try:
        return importlib.import_module(name)
    finally:
        sys.path.remove(str(BENCHMARKS))


@pytest.fixture(scope="module")
def measuring() -> ModuleType:
    return _load("measuring")


def _engines(measuring: ModuleType, tmp_path: Path) -> tuple[Any, Any]:
    for name in ("a", "b"):
        (tmp_path / name / "pytest_claims").mkdir(parents=True)
        (tmp_path / name / "pytest_claims" / "__init__.py").write_text("", encoding="utf-8")
    return measuring.parse_engine(f"A={tmp_path / 'a'}"), measuring.parse_engine(f"B={tmp_path / 'b'}")


def test_rounds_alternate_the_order(measuring: ModuleType, tmp_path: Path) -> None:
    a, b = _engines(measuring, tmp_path)
    order = [(i, engine.label) for i, engine in measuring.rounds(3, (a, b))]
    assert order == [(0, "A"), (0, "B"), (1, "B"), (1, "A"), (2, "A"), (2, "B")]


def test_each_engine_gets_its_median_and_its_ratio_to_the_first(measuring: ModuleType, tmp_path: Path) -> None:
    a, b = _engines(measuring, tmp_path)
    seconds = {"A": iter([1.0, 3.0, 2.0]), "B": iter([3.0, 2.0, 4.0])}

    def once(i: int, engine: Any) -> dict[str, Any]:
        return {"seconds": next(seconds[engine.label]), "cpu_seconds": 0.5}

    row = measuring.measure(measuring.Row("cold-host", "cold"), 3, once, (a, b))
    assert row.value == 2.0 and row.runs == [1.0, 3.0, 2.0]
    assert row.engines["B"].value == 3.0 and row.engines["B"].ratio == 1.5 and row.engines["A"].ratio == 1.0
    assert row.cpu == 0.5
    text = measuring.table([row], (a, b))
    assert "| median (A) |" in text.splitlines()[0] and "| B |" in text.splitlines()[0]
    assert "3.000 s (1.50x), CPU 0.50 s" in text


def test_without_engines_the_table_is_as_before(measuring: ModuleType) -> None:
    row = measuring.measure(measuring.Row("w", "warm"), 2, lambda i, e: {"seconds": 1.0})
    assert row.engines == {}
    assert measuring.table([row]).splitlines()[0] == (
        "| measurement | median | floor | ratio | target | result | notes |"
    )


def test_a_crash_names_the_engine_and_leaves_no_median(measuring: ModuleType, tmp_path: Path) -> None:
    a, b = _engines(measuring, tmp_path)
    log = tmp_path / "b.log"

    def once(i: int, engine: Any) -> dict[str, Any]:
        if engine.label == "B":
            raise measuring.Crash("ImportError: gone", log)
        return {"seconds": 1.0}

    row = measuring.measure(measuring.Row("cold-host", "cold"), 2, once, (a, b))
    assert row.verdict == "crash" and row.note.startswith("B: ImportError: gone")
    assert row.value is None and row.engines["B"].crash and row.engines["A"].runs == [1.0]


def test_engine_option_needs_a_tree_with_the_package(measuring: ModuleType, tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="LABEL=PATH"):
        measuring.parse_engine(str(tmp_path))
    with pytest.raises(ValueError, match="no pytest_claims"):
        measuring.parse_engine(f"x={tmp_path}")


def test_at_least_judges_a_peer_factor(measuring: ModuleType) -> None:
    row = measuring.Row("vs-pyright", "faster", unit="x", value=3.5)
    measuring.judge_at_least(row, 4.0)
    assert (row.target, row.verdict) == ("≥ 4x", "miss")


def test_the_measured_process_imports_the_engine_it_was_given(measuring: ModuleType, tmp_path: Path) -> None:
    """The snapshot's package comes first: the editable install's finder is consulted after PYTHONPATH."""
    snapshot = tmp_path / "snapshot"
    shutil.copytree(REPO / "pytest_claims", snapshot / "pytest_claims", ignore=shutil.ignore_patterns("__pycache__"))
    project = tmp_path / "project"
    (project / "pkg").mkdir(parents=True)
    (project / "pyproject.toml").write_text('[tool.claims]\npackages = ["pkg"]\n', encoding="utf-8")
    (project / "pkg" / "__init__.py").write_text("# claims: deterministic\ndef f():\n    return 1\n", encoding="utf-8")
    engine = measuring.parse_engine(f"snap={snapshot}")
    command = [sys.executable, str(BENCHMARKS / "child.py"), "engine", "--root", str(project)]
    proc = subprocess.run(command, capture_output=True, text=True, env=measuring.env(engine.env()), check=True)
    answer = measuring.json.loads(proc.stdout.strip().splitlines()[-1])
    assert answer["engine_path"] == str((snapshot / "pytest_claims").resolve())
    assert answer["claims"] == 1 and answer["cpu_seconds"] >= 0


def test_copies_rename_module_names_not_strings() -> None:
    workload = _load("workload")
    text = 'from django.db import models  # django\nimport django\nx = "django.db"\ndjango.setup()\n'
    renamed = workload.rename_module(text, "django", "django_2")
    assert renamed == 'from django_2.db import models  # django\nimport django_2\nx = "django.db"\ndjango_2.setup()\n'


def test_engine_labels_differ_and_default_to_the_installed_engine(measuring: ModuleType, tmp_path: Path) -> None:
    run = _load("run")
    a, _ = _engines(measuring, tmp_path)
    assert run.parse_args([]).engines == (measuring.INSTALLED,)
    assert run.parse_args(["--engine", f"A={a.path}"]).engines[0].path == a.path
    with pytest.raises(SystemExit):
        run.parse_args(["--engine", f"A={a.path}", "--engine", f"A={a.path}"])


def _walk_run(tmp_path: Path) -> tuple[ModuleType, Any]:
    run_module = _load("run")
    root = tmp_path / "corpus"
    (root / "pkg" / "sub").mkdir(parents=True)
    (root / "pyproject.toml").write_text("[tool.pytest.ini_options]\n", encoding="utf-8")
    (root / "pkg" / "__init__.py").write_text("", encoding="utf-8")
    files = tmp_path / "files.txt"
    return run_module, run_module._Run("T", root, files, files, False, 1, 1)


def test_the_walk_row_times_pytest_alone_in_a_corpus_without_tests(tmp_path: Path) -> None:
    run_module, run = _walk_run(tmp_path)
    run_module._walk_floor(run)
    (row,) = run.rows
    assert row.key == "pytest-walk" and row.verdict == "info"
    assert row.value is not None and row.value > 0
    assert [d["exit"] for d in row.details] == [5]  # pytest collected nothing: the walk alone


def test_the_walk_row_reports_a_crash_rather_than_a_time(tmp_path: Path) -> None:
    run_module, run = _walk_run(tmp_path)
    (run.root / "conftest.py").write_text("raise RuntimeError('broken conftest')\n", encoding="utf-8")
    run_module._walk_floor(run)
    (row,) = run.rows
    assert row.verdict == "crash" and row.value is None


def test_a_row_of_several_runs_shows_their_spread_beside_its_median_and_ratio(measuring: ModuleType) -> None:
    seconds = iter([0.9, 1.2, 1.0])
    row = measuring.measure(measuring.Row("warm", "warm"), 3, lambda i, e: {"seconds": next(seconds)})
    measuring.judge(row, "ast.parse", 4.0, 0.26)
    value, _, ratio, _, verdict = measuring.cell_text(row)
    assert value == "1.000 s (0.900-1.200)"
    assert ratio == "0.25x (0.23-0.30)"  # the median passes; one run of three did not
    assert verdict == "pass"
    one = measuring.measure(measuring.Row("warm", "warm"), 1, lambda i, e: {"seconds": 1.0})
    assert measuring.cell_text(one)[0] == "1.000 s"  # a single run has no spread


def test_a_ratio_judged_otherwise_than_median_over_floor_gets_no_spread(measuring: ModuleType) -> None:
    seconds = iter([0.9, 1.2, 1.0])
    row = measuring.measure(measuring.Row("suggest", "suggest"), 3, lambda i, e: {"seconds": next(seconds)})
    row.floor, row.floor_label, row.ratio = 1.0, "the cold check run just before", 1.05  # paired ratios' median
    value, _, ratio, _, _ = measuring.cell_text(row)
    assert value == "1.000 s (0.900-1.200)" and ratio == "1.05x"
