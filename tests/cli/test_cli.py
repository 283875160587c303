"""The command line outside pytest: `check` and `explain` (exit codes, bad input, output), the shared cache,
the console script, and `python -m` leaving the current directory off `sys.path`. `suggest`: test_suggest.py."""

from __future__ import annotations

import io
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from pytest_claims.cli import main

REPO = Path(__file__).resolve().parents[2]
EXAMPLE = REPO / "examples" / "providers"

CONFIG = '[tool.claims]\npackages = ["src/shop"]\n\n[tool.pytest.ini_options]\n'

PURE = """\
# claims: deterministic
def add(a: int, b: int) -> int:
    return a + b


def untouched(items: list[int]) -> int:
    return sum(items)
"""

CLOCK = """\
import time


def stamp() -> float:
    return time.time()


# claims: deterministic
def now() -> float:
    return stamp()
"""

THIRD_PARTY = """\
import requests


# claims: deterministic
def fetch(url: str) -> object:
    return requests.get(url)
"""

REFUSED = """\
# claims: determinstic
def typo() -> int:
    return 1
"""

BROKEN = """\
# claims: deterministic
def broken(:
    return 1
"""


def make(root: Path, files: dict[str, str], config: str = CONFIG) -> Path:
    (root / "pyproject.toml").write_text(config, encoding="utf-8")
    (root / "src" / "shop").mkdir(parents=True)
    (root / "src" / "shop" / "__init__.py").write_text("", encoding="utf-8")
    for name, text in files.items():
        (root / "src" / "shop" / name).write_text(text, encoding="utf-8")
    return root


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(list(argv), out, err)
    return status, out.getvalue(), err.getvalue()


def one_line(err: str) -> str:
    """Usage errors are one line, never a traceback."""
    assert "Traceback" not in err
    lines = err.splitlines()
    assert len(lines) == 1, err
    return lines[0]


# ----------------------------------------------------------------------------------------------------
# check: each exit status


def test_check_all_held_exits_0(tmp_path: Path) -> None:
    root = make(tmp_path, {"pure.py": PURE})
    status, out, err = run("check", "--root", str(root), "--platform", "linux", "--no-cache", "-v")
    assert (status, err) == (0, "")
    assert "src/shop/pure.py::add[linux] HELD" in out.splitlines()
    assert "claims checked: 1" in out
    assert "linux: 1 claim held, 0 claims violated, 0 claims unevaluable" in out


def test_check_violated_exits_1_with_the_plugins_text(tmp_path: Path) -> None:
    root = make(tmp_path, {"pure.py": PURE, "clock.py": CLOCK})
    status, out, _ = run("check", "--root", str(root), "--platform", "linux,win32", "--no-cache")
    assert status == 1
    lines = out.splitlines()
    for platform in ("linux", "win32"):
        at = lines.index(f"src/shop/clock.py::now[{platform}] VIOLATED")
        assert lines[at + 1] == (
            "shop.clock.now claims deterministic but reaches time.time at src/shop/clock.py:5, through shop.clock.stamp"
        )
        assert lines[at + 2] == "    return time.time()"
        assert f"{platform}: 1 claim held, 1 claim violated, 0 claims unevaluable" in lines
    assert "claims checked: 4" in lines


def test_check_unevaluable_exits_1_unless_skipped(tmp_path: Path) -> None:
    root = make(tmp_path, {"net.py": THIRD_PARTY})
    status, out, _ = run("check", "--root", str(root), "--platform", "linux", "--no-cache")
    assert status == 1
    assert "src/shop/net.py::fetch[linux] UNEVALUABLE" in out
    assert 'resolve with: follow = ["requests"]' in out
    (root / "pyproject.toml").write_text(CONFIG.replace("\n\n", '\non-unevaluable = "skip"\n\n', 1), encoding="utf-8")
    status, out, _ = run("check", "--root", str(root), "--platform", "linux", "--no-cache")
    assert status == 0
    assert "src/shop/net.py::fetch[linux] SKIPPED: shop.net.fetch claims deterministic but is unevaluable" in out


def test_check_unreadable_file_exits_1(tmp_path: Path) -> None:
    root = make(tmp_path, {"pure.py": PURE, "broken.py": BROKEN})
    status, out, _ = run("check", "--root", str(root), "--platform", "linux", "--no-cache")
    assert status == 1
    unreadable = [line for line in out.splitlines() if line.startswith("unreadable: ")]
    assert len(unreadable) == 1 and unreadable[0].startswith("unreadable: src/shop/broken.py:2: ")
    assert "linux: 1 claim held, 0 claims violated, 0 claims unevaluable" in out


def test_check_refused_directive_exits_2(tmp_path: Path) -> None:
    root = make(tmp_path, {"pure.py": PURE, "clock.py": CLOCK, "typo.py": REFUSED})
    status, out, _ = run("check", "--root", str(root), "--platform", "linux", "--no-cache")
    assert status == 2  # wins over the violated claim, as pytest's collection error does
    assert (
        "refused: src/shop/typo.py:1: unknown claim 'determinstic' "
        "(did you mean 'deterministic'? known claims: deterministic, idempotent, sandboxed)"
        in out.splitlines()
    )


def test_check_paths_select_claims(tmp_path: Path) -> None:
    root = make(tmp_path, {"pure.py": PURE, "clock.py": CLOCK})
    status, out, _ = run("check", str(root / "src" / "shop" / "pure.py"), "--platform", "linux", "--no-cache")
    assert status == 0
    assert "claims checked: 1" in out
    status, out, _ = run("check", str(root / "src"), "--platform", "linux", "--no-cache")
    assert status == 1
    assert "claims checked: 2" in out


def test_check_finds_the_root_from_the_current_directory(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root = make(tmp_path, {"pure.py": PURE})
    monkeypatch.chdir(root / "src" / "shop")
    status, out, _ = run("check", "--platform", "linux", "--no-cache")
    assert status == 0
    assert "claims checked: 1" in out


# ----------------------------------------------------------------------------------------------------
# check: bad input is a usage error, one line, exit status 4


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["check", "--platform", "plan9"], "pytest-claims: --platform: unknown platform 'plan9' (known: aix, "),
        (["check", "--platform", ","], "pytest-claims: --platform: name at least one platform"),
        (["check", "no/such/dir"], "pytest-claims: no such file or directory: no/such/dir"),
        (["check", "--frobnicate"], "pytest-claims: unrecognized arguments: --frobnicate"),
        (["chek"], "pytest-claims: argument COMMAND: invalid choice: 'chek'"),
        ([], "pytest-claims: the following arguments are required: COMMAND"),
        (["explain"], "pytest-claims explain: the following arguments are required: DOTTED.NAME"),
        (["suggest", "--claim", "idempotent"], "pytest-claims suggest: --claim: 'idempotent' forbids nothing"),
        (["suggest", "--claim", "pure"], "pytest-claims suggest: --claim: unknown claim 'pure' (known claims: "),
    ],
)
def test_bad_command_lines(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, argv: list[str], message: str) -> None:
    make(tmp_path, {"pure.py": PURE})
    monkeypatch.chdir(tmp_path)
    status, _, err = run(*argv)
    assert status == 4
    assert one_line(err).startswith(message)


@pytest.mark.parametrize(
    ("config", "message"),
    [
        ('[tool.claims]\npackges = ["src/shop"]\n', "pyproject.toml: [tool.claims] unknown key 'packges' (did you"),
        ("[tool.claims\n", "pyproject.toml: invalid TOML: "),
        ('[tool.claims]\npackages = ["src/nowhere"]\n', "pyproject.toml: "),
    ],
)
@pytest.mark.parametrize("command", ["check", "suggest", "explain"])
def test_bad_config(tmp_path: Path, config: str, message: str, command: str) -> None:
    root = make(tmp_path, {"pure.py": PURE}, config)
    argv = [command, "--root", str(root)] + (["shop.pure.add"] if command == "explain" else [])
    status, out, err = run(*argv)
    assert (status, out) == (4, "")
    assert one_line(err).startswith(message)


def test_bad_sweep_variable(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root = make(tmp_path, {"pure.py": PURE})
    monkeypatch.setenv("DEVLORE_CLAIMCHECK_ALL_PLATFORMS", "maybe")
    status, _, err = run("check", "--root", str(root), "--no-cache")
    assert status == 4
    assert one_line(err) == (
        "pytest-claims: DEVLORE_CLAIMCHECK_ALL_PLATFORMS='maybe' is not a boolean (use 1/true/yes/on or 0/false/no/off)"
    )
    monkeypatch.setenv("DEVLORE_CLAIMCHECK_ALL_PLATFORMS", "yes")
    status, out, _ = run("check", "--root", str(root), "--no-cache")
    assert status == 0
    assert "claims checked: 3" in out


@pytest.mark.parametrize("target", ["/", "file/report.json"])
def test_unwritable_report_is_one_line(tmp_path: Path, target: str) -> None:
    root = make(tmp_path, {"pure.py": PURE})
    (tmp_path / "file").write_text("a file, not a directory", encoding="utf-8")
    path = target if target == "/" else str(tmp_path / target)
    status, _, err = run("check", "--root", str(root), "--no-cache", "--report", path)
    assert status == 4
    if target == "/":  # no name, so no suffix: refused before the analysis
        assert one_line(err).startswith("pytest-claims check: --report /: '' ends in none of .json, .md, .sarif")
    else:
        assert one_line(err).startswith(f"pytest-claims check: could not write the report {path}: ")


# ----------------------------------------------------------------------------------------------------
# check: the plugin's report, cache and console script


def test_check_report_is_the_plugins(tmp_path: Path) -> None:
    """Same engine, same config, same report: byte for byte what `pytest -p claims --claims-report` writes."""
    root = tmp_path / "providers"
    shutil.copytree(EXAMPLE, root)
    status, out, _ = run("check", "--root", str(root), "--platform", "linux", "--report", str(tmp_path / "cli.json"))
    assert status == 1
    assert f"claims report written to {tmp_path / 'cli.json'}" in out
    subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "claims", "-p", "no:cacheprovider", "-o", "addopts=",
         "--claims-platform=linux", f"--claims-report={tmp_path / 'plugin.json'}", "-q"],
        cwd=root, capture_output=True, check=False,
    )  # fmt: skip
    cli = json.loads((tmp_path / "cli.json").read_text(encoding="utf-8"))
    assert cli == json.loads((tmp_path / "plugin.json").read_text(encoding="utf-8"))
    assert {c["status"] for c in cli["claims"]} == {"held", "violated"}


def test_check_shares_the_plugins_cache(tmp_path: Path) -> None:
    root = make(tmp_path, {"pure.py": PURE, "clock.py": CLOCK})
    status, out, _ = run("check", "--root", str(root), "--platform", "linux")
    assert status == 1
    assert "verdicts reused" not in out  # as the plugin says it: named when some were
    assert (root / ".pytest_cache" / "d" / "claims").is_dir()
    assert (root / ".pytest_cache" / ".gitignore").read_text(encoding="utf-8").endswith("*\n")
    status, out, _ = run("check", "--root", str(root), "--platform", "linux")
    assert ", 0 files parsed, 0 read from cache, 2 verdicts reused" in out  # the plugin's words
    trace = tmp_path / "trace.txt"
    env = {**os.environ, "PYTEST_CLAIMS_TRACE": str(trace)}
    subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "claims", "--claims-platform=linux", "-q"],
        cwd=root, env=env, capture_output=True, check=False,
    )  # fmt: skip
    line = trace.read_text(encoding="utf-8")
    assert " parsed=0 " in line and " reused=2 " in line, line


def test_check_keeps_its_cache_where_pytest_does_under_tox(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """pytest keeps its cache in `$TOX_ENV_DIR/.pytest_cache` under tox: so does the command line, or a tox env
    running both would never share their work."""
    (tmp_path / "project").mkdir()
    root = make(tmp_path / "project", {"clock.py": CLOCK})
    env_dir = tmp_path / "tox-env"
    monkeypatch.setenv("TOX_ENV_DIR", str(env_dir))
    run("check", "--root", str(root), "--platform", "linux")
    assert (env_dir / ".pytest_cache" / "d" / "claims").is_dir()
    assert not (root / ".pytest_cache").exists()
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "claims", "--claims-platform=linux", "-q"],
        cwd=root, env={**os.environ, "PYTEST_CLAIMS_TRACE": str(tmp_path / "trace.txt")}, capture_output=True,
        check=False,
    )  # fmt: skip
    assert done.returncode == 1
    assert " parsed=0 " in (tmp_path / "trace.txt").read_text(encoding="utf-8")


def test_console_script_and_python_dash_m(tmp_path: Path) -> None:
    root = make(tmp_path, {"pure.py": PURE, "clock.py": CLOCK})
    script = Path(sys.executable).parent / ("pytest-claims.exe" if os.name == "nt" else "pytest-claims")
    for command in ([str(script)], [sys.executable, "-m", "pytest_claims"]):
        argv = [*command, "check", "--platform", "linux", "--no-cache"]
        done = subprocess.run(argv, cwd=root, capture_output=True, text=True, check=False)
        assert done.returncode == 1, done.stderr
        assert "src/shop/clock.py::now[linux] VIOLATED" in done.stdout
        argv = [*command, "check", "--platform", "x"]
        done = subprocess.run(argv, cwd=root, capture_output=True, text=True, check=False)
        assert done.returncode == 4
        assert one_line(done.stderr).startswith("pytest-claims: --platform: unknown platform 'x'")


def test_python_dash_m_never_imports_from_the_current_directory(tmp_path: Path) -> None:
    """Issue 16 item 14: a project-root `difflib.py` or `tomlkit/` is not what the commands import."""
    root = make(tmp_path, {"pure.py": PURE})
    sentinel = tmp_path / "executed"
    trap = f"open({str(sentinel)!r}, 'a').write(__name__ + '\\n')\n"
    (root / "difflib.py").write_text(trap, encoding="utf-8")
    (root / "argparse.py").write_text(trap, encoding="utf-8")
    (root / "tomlkit").mkdir()
    (root / "tomlkit" / "__init__.py").write_text(trap, encoding="utf-8")
    for argv in (["explain", "shop.pure.nope", "--no-cache"], ["init", "--force"], ["check", "--no-cache"]):
        done = subprocess.run(
            [sys.executable, "-m", "pytest_claims", *argv], cwd=root, capture_output=True, text=True, check=False
        )
        assert "Traceback" not in done.stderr, done.stderr
    assert not sentinel.exists(), sentinel.read_text(encoding="utf-8")


# ----------------------------------------------------------------------------------------------------
# explain


def test_explain_a_violated_claim_exits_1(tmp_path: Path) -> None:
    root = make(tmp_path, {"clock.py": CLOCK})
    status, out, err = run("explain", "shop.clock.now", "--root", str(root), "--platform", "linux", "--no-cache")
    assert (status, err) == (1, "")
    assert out.splitlines() == [
        "shop.clock.now at src/shop/clock.py:9 claims deterministic",
        "[linux]",
        "  reaches: 1",
        "    calls time.time at src/shop/clock.py:5, through shop.clock.stamp; breaks deterministic",
        "  frontier: none",
        "  blind spots: none",
        "  holds: sandboxed",
        "  would be violated: deterministic",
        "  never checked (asserted by the author): idempotent",
    ]


def test_explain_a_function_without_claims_exits_0(tmp_path: Path) -> None:
    root = make(tmp_path, {"clock.py": CLOCK, "pure.py": PURE})
    status, out, _ = run("explain", "shop.clock.stamp", "--root", str(root), "--all-platforms", "--no-cache")
    assert status == 0
    assert out.splitlines()[:3] == [
        "shop.clock.stamp at src/shop/clock.py:4 makes no claim",
        "[darwin, linux, win32]",
        "  reaches: 1",
    ]
    assert "    calls time.time at src/shop/clock.py:5; breaks deterministic" in out
    status, out, _ = run("explain", "shop.pure.untouched", "--root", str(root), "--platform", "linux", "--no-cache")
    assert status == 0
    assert "  holds: deterministic, sandboxed" in out


def test_explain_frontier_and_blind_spots(tmp_path: Path) -> None:
    source = THIRD_PARTY + "\n\n# claims: sandboxed\ndef call(handler: object) -> object:\n    return handler.run()\n"
    source += "\n\nclass Job:\n    def run(self) -> int:\n        return 1\n"  # a class binding `run` (semantics §5)
    root = make(tmp_path, {"net.py": source})
    status, out, _ = run("explain", "shop.net.fetch", "--root", str(root), "--platform", "linux", "--no-cache")
    assert status == 1
    assert "  frontier (what the walk cannot see into): 1" in out
    assert 'resolve with: follow = ["requests"]' in out
    assert "  would be unevaluable: deterministic, sandboxed" in out
    status, out, _ = run("explain", "shop.net.call", "--root", str(root), "--platform", "linux", "--no-cache")
    assert status == 0
    assert "  blind spots (calls the walk cannot follow): 1" in out
    assert "    src/shop/net.py:11: handler.run()" in out
    assert "      hint: annotate the receiver `handler` with its class" in out
    assert "  holds, with 1 blind spot: deterministic, sandboxed" in out
    assert "would hold" not in out


def test_explain_unreadable_exits_1_refused_exits_2(tmp_path: Path) -> None:
    root = make(tmp_path, {"broken.py": BROKEN, "typo.py": REFUSED})
    status, out, _ = run("explain", "shop.broken.broken", "--root", str(root), "--no-cache")
    assert status == 1
    assert out.startswith("unreadable: src/shop/broken.py:2: ")
    status, out, _ = run("explain", "shop.typo.typo", "--root", str(root), "--no-cache")
    assert status == 2
    assert out.splitlines()[0] == (
        "refused: src/shop/typo.py:1: unknown claim 'determinstic' "
        "(did you mean 'deterministic'? known claims: deterministic, idempotent, sandboxed)"
    )


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("shop.clock.nwo", "pytest-claims explain: no function or method 'nwo' in shop.clock (did you mean shop.clock"),
        ("shoop.clock.now", "pytest-claims explain: no module of the project starts 'shoop.clock.now' (did you mean"),
        ("now", "pytest-claims explain: 'now' is not a dotted name"),
        ("shop.clock.Clock", "pytest-claims explain: shop.clock.Clock is a class: name one of its methods (__init__)"),
    ],
)
def test_explain_unknown_names(tmp_path: Path, name: str, message: str) -> None:
    root = make(tmp_path, {"clock.py": CLOCK + "\n\nclass Clock:\n    def __init__(self) -> None:\n        pass\n"})
    status, out, err = run("explain", name, "--root", str(root), "--no-cache")
    assert (status, out) == (4, "")
    assert one_line(err).startswith(message)


def test_explain_unknown_platform(tmp_path: Path) -> None:
    root = make(tmp_path, {"clock.py": CLOCK})
    status, _, err = run("explain", "shop.clock.now", "--root", str(root), "--platform", "beos")
    assert status == 4
    assert one_line(err).startswith("pytest-claims: --platform: unknown platform 'beos'")


def test_explain_a_def_absent_on_the_platform(tmp_path: Path) -> None:
    source = 'import sys\n\nif sys.platform == "win32":\n\n    def only_windows() -> int:\n        return 1\n'
    root = make(tmp_path, {"win.py": source})
    status, out, _ = run("explain", "shop.win.only_windows", "--root", str(root), "--platform", "linux", "--no-cache")
    assert status == 0
    assert out == "shop.win.only_windows (src/shop/win.py:5) is not defined on linux: nothing to walk\n"
    status, out, _ = run("explain", "shop.win.only_windows", "--root", str(root), "--all-platforms", "--no-cache")
    assert status == 0
    assert "[win32]\n" in out and "[darwin, linux] not defined on this platform\n" in out
