"""The CI kit as shipped (docs/ci.md): the pre-commit hook, the tox recipe and the GitHub Actions workflow each
run the command line, not pytest; the workflow is valid for GitHub, uploads only what the check wrote and only
where the token may, and restores the analysis cache. `test_kit_end_to_end.py` runs all three for real."""

from __future__ import annotations

import configparser
import os
import re
import shutil
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

from pytest_claims.cli.common import cache_for
from tests.kit.helpers import PYPROJECT, REPO, assert_checked, docs_block, hostile_project, load_yaml, run

WORKFLOW = REPO / ".github" / "workflows" / "claims.yml"


def tox_config(project: Path, envs: list[str], *keys: str, env: dict[str, str] | None = None) -> dict[str, Any]:
    """`tox config` for the envs, parsed: env -> key -> value (multi-line values joined by newlines)."""
    done = run([sys.executable, "-m", "tox", "config", "-e", ",".join(envs), "-k", *keys], project, env=env)
    assert done.returncode == 0, done.stdout + done.stderr
    parser = configparser.ConfigParser(interpolation=None)
    parser.read_string(done.stdout)
    return {section.split(":", 1)[1]: dict(parser[section]) for section in parser.sections()}


# ----------------------------------------------------------------------------------------------------------
# pre-commit


def test_pre_commit_hook_runs_the_command_line() -> None:
    [hook] = load_yaml(REPO / ".pre-commit-hooks.yaml")
    assert hook["id"] == "pytest-claims"
    assert hook["language"] == "python"  # pre-commit installs this repository into the hook's environment
    assert hook["entry"] == "pytest-claims check"
    assert "args" not in hook  # no path: the configured packages, on src/ and flat layouts alike
    assert hook["pass_filenames"] is False  # the check reads the project, not the files staged


# ----------------------------------------------------------------------------------------------------------
# tox


@pytest.fixture
def tox_project(tmp_path: Path) -> Path:
    project = hostile_project(tmp_path / "project")
    (project / "tox.ini").write_text(docs_block("### tox", "ini"))
    return project


def test_tox_recipe_is_one_env_running_the_command_line(tox_project: Path) -> None:
    env = {key: value for key, value in os.environ.items() if key != "PYTEST_CLAIMS"}
    config = tox_config(tox_project, ["claims"], "commands", "skip_install", "deps", env=env)["claims"]
    assert config["commands"] == "pytest-claims check --all-platforms"  # the configured packages, any layout
    assert config["skip_install"] == "True"  # the check never imports the project
    # a direct reference: pip installs from that source and never asks a package index for the name
    [requirement] = config["deps"].splitlines()
    name, at, source = (part.strip() for part in requirement.partition("@"))
    assert (name, at, source) == ("pytest-claims", "@", "file:///home/me/src/pytest-claims")


def test_the_hook_and_the_recipe_check_a_flat_layout(tmp_path: Path) -> None:
    """No path given: the configured packages, wherever they lie (a flat layout has no `src`)."""
    project = hostile_project(tmp_path / "project")
    (project / "src" / "shop").rename(project / "shop")
    (project / "src").rmdir()
    (project / "pyproject.toml").write_text(PYPROJECT.replace('packages = ["src/shop"]\n', ''))  # detected
    (project / "tox.ini").write_text(docs_block("### tox", "ini"))
    [hook] = load_yaml(REPO / ".pre-commit-hooks.yaml")
    [command] = tox_config(project, ["claims"], "commands")["claims"]["commands"].splitlines()
    for words in (hook["entry"].split() + hook.get("args", []), command.split()):
        assert words[0] == "pytest-claims"
        done = run([sys.executable, "-m", "pytest_claims", *words[1:]], project)
        assert done.returncode == 1, done.stdout + done.stderr
        assert "no such file or directory" not in done.stdout + done.stderr


def test_tox_recipe_command_checks_every_platform_where_pytest_cannot_start(tox_project: Path) -> None:
    [command] = tox_config(tox_project, ["claims"], "commands")["claims"]["commands"].splitlines()
    words = command.split()
    assert words[:2] == ["pytest-claims", "check"]
    done = run([sys.executable, "-m", "pytest_claims", *words[1:]], tox_project)
    assert done.returncode == 1, done.stdout + done.stderr
    assert_checked(done.stdout, ("darwin", "linux", "win32"))
    pytest_itself = run([sys.executable, "-m", "pytest", "-p", "claims", "src"], tox_project)
    assert pytest_itself.returncode not in (0, 1)  # what the kit no longer depends on


def test_projects_own_tox_ini_checks_with_the_command_line() -> None:
    config = tox_config(REPO, ["claims", "py311"], "commands", "extras")
    assert config["claims"]["commands"] == "pytest-claims check --all-platforms pytest_claims"
    assert config["claims"]["extras"] == ""
    assert config["py311"]["commands"] == "python -m pytest"


def test_projects_own_tox_ini_is_the_ci_matrix() -> None:
    """tox.ini holds the one version matrix: a py3X env per version the README supports, each running the
    README's test command as written, beside lint and the compiled build; `.ci/run` reads it from there."""
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    supported = re.search(r"Supported: CPython ([0-9., and]+), all", readme)
    assert supported is not None
    versions = re.findall(r"3\.(\d+)", supported.group(1))
    envs = [f"py3{minor}" for minor in versions]
    config = tox_config(REPO, ["lint", "compiled", *envs], "commands", "commands_pre", "base_python")
    for env in envs:
        # the README's `pip install -e '.[test]' && python -m pytest`
        assert config[env]["commands"] == "python -m pytest"
        assert config[env]["commands_pre"] == "python -m pip install --quiet -e '.[test]'"
    assert config["lint"]["commands"].strip().splitlines() == [
        "python -m ruff check pytest_claims tests benchmarks",
        "python -m mypy",
    ]
    assert config["compiled"]["base_python"] == config["lint"]["base_python"]
    assert "/.ci/compiled " in config["compiled"]["commands"]
    ci = (REPO / ".ci" / "run").read_text(encoding="utf-8")
    assert re.search(r"3\.1\d", ci) is None  # no version of its own: tox.ini's py3X envs


# ----------------------------------------------------------------------------------------------------------
# GitHub Actions


@pytest.fixture(scope="module")
def workflow() -> dict[str, Any]:
    document = load_yaml(WORKFLOW)
    assert isinstance(document, dict)
    return document


def check_jsonschema(path: Path) -> Any:
    executable = shutil.which("check-jsonschema", path=str(Path(sys.executable).parent)) or shutil.which(
        "check-jsonschema"
    )
    assert executable is not None, "check-jsonschema (the test extra) is not installed"
    return run([executable, "--builtin-schema", "vendor.github-workflows", str(path)], path.parent)


def test_workflow_is_valid_for_github(tmp_path: Path) -> None:
    """Validated offline against the vendored GitHub workflow schema; a broken copy is refused, so the check
    is not vacuous."""
    done = check_jsonschema(WORKFLOW)
    assert done.returncode == 0, done.stdout + done.stderr
    broken = tmp_path / "claims.yml"
    broken.write_text(WORKFLOW.read_text(encoding="utf-8").replace("security-events: write", "security-events: all"))
    assert check_jsonschema(broken).returncode != 0


def steps_of(workflow: dict[str, Any]) -> list[dict[str, Any]]:
    [job] = workflow["jobs"].values()  # one leg
    steps: list[dict[str, Any]] = job["steps"]
    return steps


def uses(workflow: dict[str, Any], action: str) -> dict[str, Any]:
    [step] = [step for step in steps_of(workflow) if str(step.get("uses", "")).startswith(action + "@")]
    return step


def test_workflow_is_one_leg_sweeping_every_platform_with_the_command_line(workflow: dict[str, Any]) -> None:
    [job] = workflow["jobs"].values()
    assert job["runs-on"] == "ubuntu-latest" and "strategy" not in job
    commands = [step["run"] for step in steps_of(workflow) if "run" in step]
    assert not [c for c in commands if "pytest " in c.replace("pytest-claims", "")], commands
    [check] = [c for c in commands if c.startswith("pytest-claims check")]
    assert "--all-platforms" in check.split() and "--report claims.sarif" in check


def test_workflow_permissions(workflow: dict[str, Any]) -> None:
    assert workflow["permissions"] == {"contents": "read", "actions": "read", "security-events": "write"}


def test_workflow_uploads_only_a_written_log_and_only_where_the_token_may_write(workflow: dict[str, Any]) -> None:
    upload = uses(workflow, "github/codeql-action/upload-sarif")
    # no category: the log's automationDetails.id names one per project, and upload-sarif prefers it
    assert upload["with"] == {"sarif_file": "claims.sarif"}
    condition = " ".join(upload["if"].split())
    assert condition.startswith("${{ ") and condition.endswith(" }}")
    terms = condition[4:-3].split(" && ")
    assert terms[0] == "!cancelled()"  # after a failed check too
    assert "hashFiles('claims.sarif') != ''" in terms  # exit 2 or 4 writes no log: nothing to upload
    # a pull request from a fork gets a read-only token: skip rather than fail
    assert (
        "(github.event_name != 'pull_request' || "
        "github.event.pull_request.head.repo.full_name == github.repository)" in terms
    )


def test_no_sarif_is_written_on_a_usage_error(tmp_path: Path) -> None:
    """What the upload's `hashFiles` guards against: a usage error (exit 4) leaves no log behind."""
    project = hostile_project(tmp_path / "project")
    with (project / "pyproject.toml").open("a", encoding="utf-8") as pyproject:
        pyproject.write("\n[tool.claims.deny]\nno-such-claim = ['os.getenv']\n")
    done = run([sys.executable, "-m", "pytest_claims", "check", "--report", "claims.sarif", "src"], project)
    assert done.returncode == 4, done.stdout + done.stderr
    assert not (project / "claims.sarif").exists()


def test_workflow_restores_the_analysis_cache_where_the_command_line_keeps_it(
    workflow: dict[str, Any], tmp_path: Path
) -> None:
    cache = uses(workflow, "actions/cache")
    assert cache["with"]["path"] == "${{ env.CLAIMS_CACHE }}"
    assert cache["with"]["restore-keys"] == "claims-${{ runner.os }}-"  # any older cache: entries are by content
    steps = steps_of(workflow)
    assert steps.index(cache) < min(i for i, step in enumerate(steps) if "pytest-claims check" in step.get("run", ""))
    directory = cache_for(tmp_path, True).directory
    assert directory is not None
    assert (tmp_path / workflow["env"]["CLAIMS_CACHE"]) == directory.parent


def test_docs_show_the_workflow_and_the_hook() -> None:
    shown = (REPO / "docs" / "ci.md").read_text(encoding="utf-8")
    workflow = WORKFLOW.read_text(encoding="utf-8")
    assert workflow[workflow.index("name: claims\n") :] in shown
    config = yaml.safe_load(docs_block("### pre-commit", "yaml"))
    [hook] = config["repos"][0]["hooks"]
    assert hook == {"id": "pytest-claims"}  # no args: the configured packages
    assert "<" not in shown.replace("<args>", ""), "a placeholder in docs/ci.md"
