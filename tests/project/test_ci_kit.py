"""The CI kit of issue 14, run on a generated project: the README's tox recipe (and the project's own tox.ini),
the pre-commit hook, and the GitHub Actions workflow's per-leg commands.

Everything here runs offline once the test extra is installed: tox is asked for its parsed configuration
(`tox config`) and runs the legs of the other OSes, which it skips before creating any environment; the host
leg's command, as tox resolved it, runs with this interpreter. `.ci/run` runs the host leg through tox itself.
"""

from __future__ import annotations

import configparser
import json
import re
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

REPO = Path(__file__).resolve().parents[2]
HOST = sys.platform
OSES = ("linux", "darwin", "win32")

CLOCK = """\
import time


def stamp():
    return time.time()
"""

PRICING = """\
from shop.clock import stamp


# claims: deterministic
def quote(amount):
    return amount * 2, stamp()


# claims: deterministic
def total(prices):
    return sum(prices)
"""

TEST_UNIT = """\
def test_unit():
    assert 1 + 1 == 2
"""

PYPROJECT = """\
[tool.claims]
packages = ["src/shop"]

[tool.pytest.ini_options]
testpaths = ["tests"]
"""


def generated_project(root: Path) -> Path:
    """A user's project: one violated claim, one held, and a test suite of its own."""
    (root / "src" / "shop").mkdir(parents=True)
    (root / "src" / "shop" / "__init__.py").write_text("")
    (root / "src" / "shop" / "clock.py").write_text(CLOCK)
    (root / "src" / "shop" / "pricing.py").write_text(PRICING)
    (root / "tests").mkdir()
    (root / "tests" / "test_unit.py").write_text(TEST_UNIT)
    (root / "pyproject.toml").write_text(PYPROJECT)
    return root


def run(args: list[str], cwd: Path, timeout: float = 300) -> subprocess.CompletedProcess[str]:
    return subprocess.run(args, cwd=cwd, capture_output=True, text=True, timeout=timeout, check=False)


def readme_block(after: str, language: str) -> str:
    """The first ```language block of the README after the line starting with `after`."""
    text = (REPO / "README.md").read_text(encoding="utf-8")
    start = text.index(after)
    match = re.search(rf"```{language}\n(.*?)```", text[start:], re.S)
    assert match is not None, f"no {language} block after {after!r}"
    return match.group(1)


def tox_config(project: Path, envs: list[str], *keys: str) -> dict[str, dict[str, str]]:
    """`tox config` for the envs, parsed: env -> key -> value (multi-line values joined by newlines)."""
    done = run([sys.executable, "-m", "tox", "config", "-e", ",".join(envs), "-k", *keys], project)
    assert done.returncode == 0, done.stdout + done.stderr
    parser = configparser.ConfigParser(interpolation=None)
    parser.read_string(done.stdout)
    return {section.split(":", 1)[1]: dict(parser[section]) for section in parser.sections()}


def claims_check(command: list[str], project: Path, via: str = "") -> subprocess.CompletedProcess[str]:
    """Run a leg's `pytest ...` (or `python -m pytest ...`, or `pytest-claims ...`) with this interpreter;
    `via="pytest"` runs the given arguments under `pytest -p claims` instead."""
    if via == "pytest":
        command = ["pytest", "-p", "claims", *command]
    if command[0] == "pytest-claims":
        return run([sys.executable, "-m", "pytest_claims", *command[1:]], project)
    if command[:3] == ["python", "-m", "pytest"]:
        command = command[3:]
    else:
        assert command[0] == "pytest", command
        command = command[1:]
    return run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", *command], project)


def assert_checked_the_host(done: subprocess.CompletedProcess[str], platforms: tuple[str, ...] = (HOST,)) -> None:
    """The generated project's claims on these platforms: one held, one violated; its own tests not run."""
    out = done.stdout
    assert done.returncode == 1, out + done.stderr
    for platform in platforms:
        assert f"{platform}: 1 claim held, 1 claim violated, 0 claims unevaluable" in out, out
    assert "shop.pricing.quote claims deterministic but reaches time.time at src/shop/clock.py:5" in out, out
    assert "test_unit" not in out, out


# ----------------------------------------------------------------------------------------------------------
# tox


@pytest.fixture
def tox_project(tmp_path: Path) -> Path:
    project = generated_project(tmp_path / "project")
    (project / "tox.ini").write_text(readme_block("Check each OS on its own CI leg", "ini"))
    return project


def test_readme_tox_recipe_parses_with_one_platform_per_env(tox_project: Path) -> None:
    envs = [f"claims-{name}" for name in OSES]
    config = tox_config(tox_project, envs, "platform", "commands", "skip_install", "deps")
    assert sorted(config) == sorted(envs)
    for name in OSES:
        env = config[f"claims-{name}"]
        # issue 14: a factor-conditional `platform = linux: linux` leaked `linux\nwin32` into every env
        assert env["platform"] == name, env
        assert env["commands"] == "pytest -p claims src"
        assert env["skip_install"] == "True"
        assert env["deps"].split() == ["pytest", "pytest-claims"]  # pytest runs from the env, not an external


def test_readme_tox_recipe_skips_the_other_oses_and_checks_the_host(tox_project: Path) -> None:
    others = [f"claims-{name}" for name in OSES if name != HOST]
    done = run([sys.executable, "-m", "tox", "-e", ",".join(others)], tox_project, timeout=120)
    # (tox exits 1 when every env it was asked for was skipped: a leg runs only its own OS's env)
    for env in others:
        platform = env.split("-")[1]
        assert f"{env}: skipped because platform {HOST} does not match {platform}" in done.stdout, done.stdout
    if HOST not in OSES:
        pytest.skip(f"no leg for {HOST}")
    [command] = tox_config(tox_project, [f"claims-{HOST}"], "commands")[f"claims-{HOST}"]["commands"].splitlines()
    assert_checked_the_host(claims_check(command.split(), tox_project))


def test_projects_own_tox_ini_has_one_platform_per_claims_env() -> None:
    envs = [f"claims-{name}" for name in OSES]
    config = tox_config(REPO, [*envs, "py311"], "platform", "commands")
    for name in OSES:
        assert config[f"claims-{name}"]["platform"] == name
        assert config[f"claims-{name}"]["commands"] == "python -m pytest -p claims pytest_claims"
    assert config["py311"]["platform"] == ""
    assert config["py311"]["commands"] == "python -m pytest"


def test_readme_states_the_recipe_text() -> None:
    recipe = readme_block("Check each OS on its own CI leg", "ini")
    assert textwrap.dedent(recipe).startswith("[tox]\nenv_list = claims-{linux,darwin,win32}\n")
    assert "linux: linux" not in recipe


# ----------------------------------------------------------------------------------------------------------
# pre-commit hook


def load_yaml(path: Path) -> Any:
    yaml = pytest.importorskip("yaml")
    return yaml.safe_load(path.read_text(encoding="utf-8"))


def test_pre_commit_hook_runs_the_command_line_without_the_users_pytest_setup(tmp_path: Path) -> None:
    """SPEC §9: the hook runs `pytest-claims check`, so a conftest importing a test-only dependency and `addopts`
    naming an absent plugin (both fatal to `pytest -p claims`) change nothing."""
    [hook] = load_yaml(REPO / ".pre-commit-hooks.yaml")
    assert hook["id"] == "pytest-claims"
    assert hook["language"] == "python"
    assert hook["pass_filenames"] is False
    entry = [*hook["entry"].split(), *hook["args"]]
    assert entry[:2] == ["pytest-claims", "check"]
    project = generated_project(tmp_path / "project")
    (project / "conftest.py").write_text("import a_test_only_dependency_that_is_not_installed\n")
    with (project / "pyproject.toml").open("a", encoding="utf-8") as pyproject:
        pyproject.write('addopts = "-p an_absent_plugin --cov=shop"\n')  # under [tool.pytest.ini_options]
    assert claims_check(entry[2:], project, via="pytest").returncode != 1  # pytest itself cannot start here
    assert_checked_the_host(claims_check(entry, project))


# ----------------------------------------------------------------------------------------------------------
# GitHub Actions


@pytest.fixture(scope="module")
def workflow() -> dict[str, Any]:
    document = load_yaml(REPO / ".github" / "workflows" / "claims.yml")
    assert isinstance(document, dict)
    return document


def pytest_steps(job: dict[str, Any]) -> list[str]:
    return [step["run"] for step in job["steps"] if "-m pytest " in step.get("run", "")]


def uploads(job: dict[str, Any]) -> list[dict[str, Any]]:
    return [step for step in job["steps"] if str(step.get("uses", "")).startswith("github/codeql-action/upload-sarif")]


def test_workflow_has_a_leg_per_os_and_an_xdist_leg(workflow: dict[str, Any]) -> None:
    assert set(workflow["jobs"]) == {"per-os", "xdist"}
    assert workflow["permissions"]["security-events"] == "write"
    per_os = workflow["jobs"]["per-os"]
    assert per_os["strategy"]["matrix"]["os"] == ["ubuntu-latest", "macos-latest", "windows-latest"]
    assert per_os["runs-on"] == "${{ matrix.os }}"
    [check] = pytest_steps(per_os)
    assert "--claims-platform" not in check and "--claims-all-platforms" not in check  # each checks its host
    [xdist_check] = pytest_steps(workflow["jobs"]["xdist"])
    assert " -n " in xdist_check
    categories = []
    for name, job in workflow["jobs"].items():
        [upload] = uploads(job)
        assert upload["with"]["sarif_file"] == "claims.sarif", name
        assert upload["if"] == "${{ !cancelled() }}", name  # uploaded when the check fails too
        categories.append(upload["with"]["category"])
    # one category per leg: the matrix expands the per-OS one
    assert categories == ["claims-${{ matrix.os }}", "claims-all-platforms"]


def test_docs_show_the_workflow(workflow: dict[str, Any]) -> None:
    shown = (REPO / "docs" / "ci.md").read_text(encoding="utf-8")
    assert (REPO / ".github" / "workflows" / "claims.yml").read_text(encoding="utf-8").split("\nname: claims\n")[
        1
    ] in shown


@pytest.mark.parametrize("job", ["per-os", "xdist"])
def test_workflow_leg_commands_run_on_a_generated_project(workflow: dict[str, Any], job: str, tmp_path: Path) -> None:
    if job == "xdist":
        pytest.importorskip("xdist")
    project = generated_project(tmp_path / "project")
    [command] = pytest_steps(workflow["jobs"][job])
    words = command.replace("$CLAIMS_PATHS", "src").split()
    done = claims_check(words, project)
    platforms = OSES if job == "xdist" else (HOST,)
    assert_checked_the_host(done, platforms)
    sarif = json.loads((project / "claims.sarif").read_text(encoding="utf-8"))
    [sarif_run] = sarif["runs"]
    assert sarif_run["automationDetails"]["id"] == f"pytest-claims/{'+'.join(sorted(platforms))}/"
    assert any("time.time" in result["message"]["text"] for result in sarif_run["results"])
