"""The command line as a new user meets it (semantics §9, "nothing is silently green"): nothing to check is exit 5 with
where it looked, `--version`, repeated `--report` with the suffix checked first, `explain` of a re-exported name
and of a node id, did-you-mean for claim names, everyday platform names, `init --root`, paths relative to the
current directory, the summary's counts, an unused `[tool.claims]` table, and `PYTEST_CLAIMS_ALL_PLATFORMS`."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from pytest_claims import __version__
from pytest_claims.cli import build_parser, main

CONFIG = '[tool.claims]\npackages = ["src/shop"]\n'

CLOCK = """\
import time


def stamp() -> float:
    return time.time()


# claims: deterministic
def now() -> float:
    return stamp()


class Cart:
    # claims: deterministic
    def total(self) -> int:
        return 1
"""

PLAIN = """\
def add(a: int, b: int) -> int:
    return a + b
"""


def make(root: Path, files: dict[str, str], config: str = CONFIG) -> Path:
    (root / "pyproject.toml").write_text(config, encoding="utf-8")
    (root / "src" / "shop").mkdir(parents=True)
    for name, text in {"__init__.py": "", **files}.items():
        (root / "src" / "shop" / name).write_text(text, encoding="utf-8")
    return root


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(list(argv), out, err)
    return status, out.getvalue(), err.getvalue()


# ----------------------------------------------------------------------------------------------------
# nothing to check: exit 5, one line naming where the command looked


def test_check_with_no_claiming_function_exits_5_naming_where_it_looked(tmp_path: Path) -> None:
    make(tmp_path, {"plain.py": PLAIN})
    status, out, err = run("check", "--no-cache", "-q")
    assert (status, err) == (5, "")
    assert out.splitlines() == [
        "no claiming function and no forbid-reaches rule found in src/shop (the packages of [tool.claims] in "
        "pyproject.toml): nothing was checked"
    ]


def test_check_of_paths_without_claims_exits_5_naming_the_paths(tmp_path: Path) -> None:
    make(tmp_path, {"plain.py": PLAIN, "clock.py": CLOCK})
    status, out, _ = run("check", "src/shop/plain.py", "--no-cache", "--platform", "linux")
    assert status == 5
    assert (
        "no claiming function and no forbid-reaches rule found under src/shop/plain.py (the packages of "
        "[tool.claims] in pyproject.toml): nothing was checked" in out.splitlines()
    )
    status, _, _ = run("check", "src/shop/clock.py", "--no-cache", "--platform", "linux")
    assert status == 1  # the same command with a claim in the path checks it


def test_check_without_a_table_names_the_detected_packages(tmp_path: Path) -> None:
    (tmp_path / "shop").mkdir()
    (tmp_path / "shop" / "__init__.py").write_text(PLAIN, encoding="utf-8")
    status, out, _ = run("check", "--no-cache", "-q")
    assert status == 5
    assert out == (
        "no claiming function and no forbid-reaches rule found in shop (packages detected: no pyproject.toml "
        "in .): nothing was checked\n"
    )


def test_suggest_with_no_function_exits_5(tmp_path: Path) -> None:
    make(tmp_path, {})
    status, out, _ = run("suggest", "--no-cache", "--platform", "linux")
    assert status == 5
    assert out.splitlines()[-1] == (
        "no function or method found in src/shop (the packages of [tool.claims] in pyproject.toml): nothing to suggest"
    )


# ----------------------------------------------------------------------------------------------------
# --version


def test_version(tmp_path: Path) -> None:
    assert run("--version") == (0, f"pytest-claims {__version__}\n", "")
    script = Path(sys.executable).parent / ("pytest-claims.exe" if os.name == "nt" else "pytest-claims")
    for command in ([str(script)], [sys.executable, "-m", "pytest_claims"]):
        done = subprocess.run([*command, "--version"], capture_output=True, text=True, check=False)
        assert (done.returncode, done.stdout, done.stderr) == (0, f"pytest-claims {__version__}\n", "")


# ----------------------------------------------------------------------------------------------------
# --report: repeated, every suffix checked before the analysis


def test_every_report_named_is_written(tmp_path: Path) -> None:
    make(tmp_path, {"clock.py": CLOCK})
    status, out, _ = run(
        "check", "--no-cache", "--platform", "linux", "--report", "a.json", "--report", "b.sarif", "--report", "c.md"
    )
    assert status == 1
    assert json.loads((tmp_path / "a.json").read_text(encoding="utf-8"))["schema"].startswith("pytest-claims.report")
    assert json.loads((tmp_path / "b.sarif").read_text(encoding="utf-8"))["version"] == "2.1.0"
    assert "shop.clock.now" in (tmp_path / "c.md").read_text(encoding="utf-8")
    for name in ("a.json", "b.sarif", "c.md"):
        assert f"claims report written to {name}" in out.splitlines()


def test_a_bad_report_suffix_is_refused_before_any_analysis(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    make(tmp_path, {"clock.py": CLOCK})
    trace = tmp_path / "trace.txt"
    monkeypatch.setenv("PYTEST_CLAIMS_TRACE", str(trace))  # the engine appends a line to it on every run
    status, out, err = run("check", "--platform", "linux", "--report", "a.json", "--report", "x.txt")
    assert (status, out) == (4, "")
    assert err == (
        "pytest-claims check: --report x.txt: 'x.txt' ends in none of .json, .md, .sarif, .sarif.json: "
        "the suffix picks the format\n"
    )
    assert not trace.exists()
    assert not (tmp_path / ".pytest_cache").exists()
    assert not (tmp_path / "a.json").exists()


# ----------------------------------------------------------------------------------------------------
# explain: a re-exported name, a node id


REEXPORT = "from .clock import now\nfrom .clock import Cart as Basket\n"


def test_explain_a_re_exported_name_resolves_through_the_imports(tmp_path: Path) -> None:
    make(tmp_path, {"clock.py": CLOCK})
    (tmp_path / "src" / "shop" / "__init__.py").write_text(REEXPORT, encoding="utf-8")
    status, out, err = run("explain", "shop.now", "--no-cache", "--platform", "linux")
    assert (status, err) == (1, "")
    lines = out.splitlines()
    assert lines[0] == "shop.now is shop.clock.now (resolved through the project's imports)"
    assert lines[1] == "shop.clock.now at src/shop/clock.py:9 claims deterministic"
    status, out, _ = run("explain", "shop.Basket.total", "--no-cache", "--platform", "linux")
    assert status == 0
    assert out.splitlines()[:2] == [
        "shop.Basket.total is shop.clock.Cart.total (resolved through the project's imports)",
        "shop.clock.Cart.total (method) at src/shop/clock.py:15 claims deterministic",
    ]


def test_explain_never_imports_the_project(tmp_path: Path) -> None:
    make(tmp_path, {"clock.py": CLOCK})
    sentinel = tmp_path / "imported"
    trap = f"open({str(sentinel)!r}, 'w').write('imported')\n"
    (tmp_path / "src" / "shop" / "__init__.py").write_text(trap + REEXPORT, encoding="utf-8")
    status, _, _ = run("explain", "shop.now", "--no-cache", "--platform", "linux")
    assert status == 1
    assert not sentinel.exists()


def test_explain_a_node_id(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    make(tmp_path, {"clock.py": CLOCK})
    status, out, _ = run("explain", "src/shop/clock.py::now", "--no-cache", "--platform", "linux")
    assert status == 1
    assert out.splitlines()[:2] == ["shop.clock.now at src/shop/clock.py:9 claims deterministic", "[linux]"]
    # the node id's platform is the target when no option names one; a method's qualname; from a subdirectory
    monkeypatch.chdir(tmp_path / "src")
    status, out, _ = run("explain", "shop/clock.py::Cart.total[win32]", "--no-cache")
    assert status == 0
    assert out.splitlines()[:2] == [
        "shop.clock.Cart.total (method) at shop/clock.py:15 claims deterministic",
        "[win32]",
    ]
    # as pytest prints it from the rootdir, relative to the project root
    status, out, _ = run("explain", "src/shop/clock.py::now[linux]", "--no-cache")
    assert status == 1
    assert out.splitlines()[1] == "[linux]"


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("src/shop/nowhere.py::f", "pytest-claims explain: src/shop/nowhere.py is no module of the project"),
        ("src/shop/clock.py::now[plan9]", "pytest-claims explain: 'src/shop/clock.py::now[plan9]': unknown platform"),
        ("src/shop/clock.py::", "pytest-claims explain: 'src/shop/clock.py::' is not a function's node id"),
        ("shop.clock.nwo", "pytest-claims explain: no function or method 'nwo' in shop.clock (did you mean "),
    ],
)
def test_explain_bad_names_are_usage_errors(tmp_path: Path, name: str, message: str) -> None:
    make(tmp_path, {"clock.py": CLOCK})
    status, out, err = run("explain", name, "--no-cache", "--platform", "linux")
    assert (status, out) == (4, "")
    assert err.startswith(message) and err.count("\n") == 1, err


# ----------------------------------------------------------------------------------------------------
# did you mean, platform names, init --root


def test_suggest_claim_did_you_mean(tmp_path: Path) -> None:
    make(tmp_path, {"plain.py": PLAIN})
    status, _, err = run("suggest", "--claim", "determinstic", "--no-cache")
    assert status == 4
    assert err == (
        "pytest-claims suggest: --claim: unknown claim 'determinstic' (did you mean 'deterministic'? known claims: "
        "deterministic, idempotent, sandboxed)\n"
    )


def test_everyday_platform_names(tmp_path: Path) -> None:
    make(tmp_path, {"clock.py": CLOCK})
    status, out, _ = run("check", "--no-cache", "--platform", "Windows,macOS", "--platform", "linux")
    assert status == 1
    for platform in ("darwin", "linux", "win32"):
        assert f"src/shop/clock.py::now[{platform}] VIOLATED" in out.splitlines()
    status, _, err = run("check", "--no-cache", "--platform", "windoes")
    assert status == 4
    assert err.startswith("pytest-claims: --platform: unknown platform 'windoes' (did you mean 'windows'? known: ")
    assert err.rstrip().endswith("; also: windows, win, macos, mac, osx)")


def test_init_root_and_the_former_path(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    assert run("init", "--root", "a")[0] == 0
    assert "[tool.claims]" in (tmp_path / "a" / "pyproject.toml").read_text(encoding="utf-8")
    assert run("init", "--path", "b")[0] == 0
    assert "[tool.claims]" in (tmp_path / "b" / "pyproject.toml").read_text(encoding="utf-8")
    with pytest.raises(SystemExit):
        build_parser().parse_args(["init", "--help"])
    shown = capsys.readouterr().out
    assert "--root" in shown and "--path" not in shown


# ----------------------------------------------------------------------------------------------------
# paths relative to the current directory; the summary; an unused table


REFUSED = "# claims: determinstic\ndef typo() -> int:\n    return 1\n"


def test_check_paths_are_relative_to_the_current_directory(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    make(tmp_path, {"clock.py": CLOCK})
    monkeypatch.chdir(tmp_path / "src")
    status, out, _ = run("check", "--no-cache", "--platform", "linux", "-v")
    assert status == 1
    lines = out.splitlines()
    assert "shop/clock.py::now[linux] VIOLATED" in lines
    assert "shop.clock.now claims deterministic but reaches time.time at shop/clock.py:5, through shop.clock.stamp" in (
        lines
    )
    assert "shop/clock.py::Cart.total[linux] HELD" in lines
    (tmp_path / "src" / "shop" / "typo.py").write_text(REFUSED, encoding="utf-8")
    monkeypatch.chdir(tmp_path / "src" / "shop")
    status, out, _ = run("check", "--no-cache", "--platform", "linux")
    assert status == 2
    assert any(line.startswith("refused: typo.py:1: unknown claim 'determinstic'") for line in out.splitlines())


def test_summary_counts_say_what_they_count(tmp_path: Path) -> None:
    make(tmp_path, {"clock.py": CLOCK})
    _, out, _ = run("check", "--no-cache", "--platform", "linux")
    assert "linux: 1 claim held, 1 claim violated, 0 claims unevaluable" in out.splitlines()


def test_an_unused_table_below_the_project_is_named(tmp_path: Path) -> None:
    make(tmp_path, {"clock.py": CLOCK})
    (tmp_path / "pkgs" / "a").mkdir(parents=True)
    (tmp_path / "pkgs" / "a" / "pyproject.toml").write_text("[tool.claims]\n", encoding="utf-8")
    (tmp_path / "pkgs" / "b").mkdir()
    (tmp_path / "pkgs" / "b" / "pyproject.toml").write_text("[tool.other]\nclaims = 1\n", encoding="utf-8")
    (tmp_path / "tests" / "c").mkdir(parents=True)  # excluded: not searched
    (tmp_path / "tests" / "c" / "pyproject.toml").write_text("[tool.claims]\n", encoding="utf-8")
    status, out, _ = run("check", "--no-cache", "--platform", "linux", "-q")
    assert status == 1
    assert out.splitlines()[-1] == (
        "not used by this run: the [tool.claims] table in pkgs/a/pyproject.toml (its project is checked with "
        "`pytest-claims check pkgs/a`)"
    )
    assert "pkgs/b" not in out and "tests/c" not in out


# ----------------------------------------------------------------------------------------------------
# the sweep variables


@pytest.mark.parametrize("name", ["PYTEST_CLAIMS_ALL_PLATFORMS", "DEVLORE_CLAIMCHECK_ALL_PLATFORMS"])
def test_either_sweep_variable(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str) -> None:
    make(tmp_path, {"clock.py": CLOCK})
    monkeypatch.delenv("PYTEST_CLAIMS_ALL_PLATFORMS", raising=False)
    monkeypatch.delenv("DEVLORE_CLAIMCHECK_ALL_PLATFORMS", raising=False)
    monkeypatch.setenv(name, "On")
    status, out, _ = run("check", "--no-cache")
    assert status == 1
    assert "claims checked: 6" in out.splitlines()
    monkeypatch.setenv(name, "maybe")
    status, _, err = run("check", "--no-cache")
    assert status == 4
    assert err.startswith(f"pytest-claims: {name}='maybe' is not a boolean")


def test_many_unused_tables_are_one_line_and_v_lists_them(tmp_path: Path) -> None:
    make(tmp_path, {"clock.py": CLOCK})
    for name in ("a", "b", "c", "d", "e"):
        (tmp_path / "pkgs" / name).mkdir(parents=True)
        (tmp_path / "pkgs" / name / "pyproject.toml").write_text("[tool.claims]\n", encoding="utf-8")
    _, out, _ = run("check", "--no-cache", "--platform", "linux", "-q")
    unused = [line for line in out.splitlines() if line.startswith("not used by this run")]
    assert unused == [
        "not used by this run: 5 [tool.claims] tables below the project root, the first in pkgs/a/pyproject.toml"
        " (-v lists them; each project is checked with `pytest-claims check DIR`)"
    ]
    _, out, _ = run("check", "--no-cache", "--platform", "linux", "-v")
    assert sum(line.startswith("not used by this run: the [tool.claims] table") for line in out.splitlines()) == 5


def test_explain_of_a_module_lists_its_claiming_functions(tmp_path: Path) -> None:
    make(tmp_path, {"clock.py": CLOCK, "plain.py": PLAIN})
    status, out, _ = run("explain", "shop.clock")
    assert status == 0
    assert out.splitlines() == [
        "shop.clock is a module (src/shop/clock.py): explain a function of it; those that make claims:",
        "  shop.clock.now (line 9): deterministic",
        "  shop.clock.Cart.total (line 15): deterministic",
        "  `pytest-claims explain shop.clock.now` walks the first",
    ]
    status, out, _ = run("explain", "shop.plain")
    expected = "shop.plain is a module (src/shop/plain.py): no function in it makes a claim; its defs: add\n"
    assert (status, out) == (0, expected)
