"""The CI kit's three entry points run as users meet them, on a throwaway repository that pytest cannot start
in (a conftest importing a missing module, `addopts` naming an absent plugin): pre-commit (from the package
index) running the hook from a clone of this checkout, tox running the docs' recipe, and the workflow's shell
steps in a fresh virtual environment. Each installs pytest-claims from this checkout with its dependencies,
as a user's would, so each is slow; a first run finds the violation (exit 1), a second, after the fix, passes.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.kit.helpers import (
    PRICING,
    REPO,
    assert_checked,
    commit,
    docs_block,
    hostile_project,
    load_yaml,
    run,
    snapshot_of_checkout,
)

pytestmark = pytest.mark.slow

FIXED = PRICING.replace("return amount * 2, stamp()", "return amount * 2")


@pytest.fixture(scope="module")
def checkout(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """This checkout, uncommitted changes included, as a git repository of its own."""
    return snapshot_of_checkout(tmp_path_factory.mktemp("checkout") / "pytest-claims")


def fix_the_violation(project: Path) -> None:
    (project / "src" / "shop" / "pricing.py").write_text(FIXED)


def clean_env(**extra: str) -> dict[str, str]:
    """The environment without this interpreter's virtual environment, as a user's shell would have it."""
    env = {key: value for key, value in os.environ.items() if key not in ("VIRTUAL_ENV", "PYTHONPATH")}
    env.update(extra)
    return env


def test_pre_commit_runs_the_hook_from_a_clone(checkout: Path, tmp_path: Path) -> None:
    """pre-commit (installed from the package index with the test extra) clones the hook's repository at `rev`,
    installs it into an isolated environment, and runs `pytest-claims check src` there."""
    project = hostile_project(tmp_path / "project")
    rev = run(["git", "rev-parse", "HEAD"], checkout).stdout.strip()
    config = docs_block("### pre-commit", "yaml")
    config = config.replace("/home/me/src/pytest-claims", str(checkout)).replace(
        "0123456789abcdef0123456789abcdef01234567", rev
    )
    (project / ".pre-commit-config.yaml").write_text(config)
    commit(project, "a user's project")
    env = clean_env(PRE_COMMIT_HOME=str(tmp_path / "pre-commit-home"))
    pre_commit = [sys.executable, "-m", "pre_commit", "run", "--all-files", "--color", "never"]
    done = run(pre_commit, project, env=env)
    assert done.returncode == 1, done.stdout + done.stderr
    assert "pytest-claims (static claims)" in done.stdout and "Failed" in done.stdout, done.stdout
    assert_checked(done.stdout)
    fix_the_violation(project)
    done = run(pre_commit, project, env=env)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Passed" in done.stdout, done.stdout


def test_tox_runs_the_recipe(checkout: Path, tmp_path: Path) -> None:
    """tox builds the env of docs/ci.md, installs pytest-claims from the source its `deps` names (here the
    clone) and runs the check on every platform, over the configured packages."""
    project = hostile_project(tmp_path / "project")
    recipe = docs_block("### tox", "ini")
    assert "file:///home/me/src/pytest-claims" in recipe
    (project / "tox.ini").write_text(recipe.replace("file:///home/me/src/pytest-claims", checkout.as_uri()))
    env = clean_env()
    tox = [sys.executable, "-m", "tox", "-e", "claims", "--workdir", str(tmp_path / "tox")]
    done = run(tox, project, env=env)
    assert done.returncode == 1, done.stdout + done.stderr
    assert_checked(done.stdout, ("darwin", "linux", "win32"))
    fix_the_violation(project)
    done = run(tox, project, env=env)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "claims: OK" in done.stdout, done.stdout


def workflow_shell_steps() -> tuple[dict[str, str], list[str]]:
    """The workflow's `env` and the `run` of each step, in order (the `uses` steps are GitHub's)."""
    workflow: dict[str, Any] = load_yaml(REPO / ".github" / "workflows" / "claims.yml")
    [job] = workflow["jobs"].values()
    return dict(workflow["env"]), [step["run"] for step in job["steps"] if "run" in step]


def test_workflow_steps_run_in_a_fresh_environment(checkout: Path, tmp_path: Path) -> None:
    """Each `run` step of the workflow, verbatim under bash with the workflow's `env` (set as docs/ci.md tells a
    user to), in a fresh venv standing for setup-python: the install, then the check writing the SARIF log the
    upload step sends, and the cache directory the cache step saves."""
    project = hostile_project(tmp_path / "project")
    venv = tmp_path / "venv"
    assert run([sys.executable, "-m", "venv", str(venv)], tmp_path).returncode == 0
    variables, commands = workflow_shell_steps()
    variables.update(CLAIMS_PATHS="src", PYTEST_CLAIMS=str(checkout))
    env = clean_env(**variables, PATH=f"{venv / 'bin'}{os.pathsep}{os.environ['PATH']}", VIRTUAL_ENV=str(venv))

    def steps() -> subprocess.CompletedProcess[str]:
        done = run(["true"], project)
        for command in commands:
            done = run(["bash", "-e", "-c", command], project, env=env)
            if done.returncode != 0:
                break
        return done

    install, check = commands
    assert "pip install" in install and check.startswith("pytest-claims check")
    done = steps()
    assert done.returncode == 1, done.stdout + done.stderr
    assert_checked(done.stdout, ("darwin", "linux", "win32"))
    log = json.loads((project / "claims.sarif").read_text(encoding="utf-8"))
    [alert] = [r for r in log["runs"][0]["results"] if r["ruleId"] == "deterministic"]
    where = alert["locations"][0]["physicalLocation"]
    assert (where["artifactLocation"]["uri"], where["region"]["startLine"]) == ("src/shop/pricing.py", 5)
    assert any((project / variables["CLAIMS_CACHE"]).iterdir())  # what actions/cache saves
    fix_the_violation(project)
    assert steps().returncode == 0
