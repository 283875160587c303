"""Which projects the session checks, and their `[tool.claims]`, read once per session (an xdist worker takes the
controller's)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from pytest_claims.config import Config as ClaimsConfig
from pytest_claims.config import find_project_roots, load_config

CONFIGS = pytest.StashKey[tuple[ClaimsConfig, ...]]()
"""Every project's configuration, read once per session (`tool_claims_all`)."""


def tool_claims(config: pytest.Config) -> ClaimsConfig:
    """`[tool.claims]` of the (first) project (`tool_claims_all`)."""
    return tool_claims_all(config)[0]


def tool_claims_all(config: pytest.Config) -> tuple[ClaimsConfig, ...]:
    """`[tool.claims]` of every project the session checks (`project_roots`), read once per session: the observer
    asks first, before `pytest_configure` (a malformed file raises `ConfigError` every time it is asked for)."""
    found = config.stash.get(CONFIGS, None)
    workerinput = getattr(config, "workerinput", None) or {}
    worker_roots = workerinput.get("claims_roots")
    if worker_roots is None and "claims_root" in workerinput:
        worker_roots = [workerinput["claims_root"]]
    if found is None or (worker_roots is not None and [str(c.root) for c in found] != worker_roots):
        found = config.stash[CONFIGS] = tuple(load_config(root) for root in project_roots(config))
    return found


def project_roots(config: pytest.Config) -> tuple[Path, ...]:
    """The projects the session checks, found as the command line finds them (`config.find_project_roots`): each
    path given (or the invocation directory) belongs to the project of its nearest pyproject.toml holding
    `[tool.claims]` at or above it, or holds those of the tables below it; none: the rootdir. An xdist worker takes
    the controller's, which may have looked from elsewhere."""
    workerinput = getattr(config, "workerinput", None)
    if workerinput is not None and "claims_roots" in workerinput:
        return tuple(Path(root) for root in workerinput["claims_roots"])
    if workerinput is not None and "claims_root" in workerinput:
        return (Path(workerinput["claims_root"]),)
    invoked = Path(str(config.invocation_params.dir))
    args = getattr(config.known_args_namespace, "file_or_dir", None) or ()
    # a node id names its file; an argument that names no path (`--pyargs pkg.mod`) says nothing of where
    paths = [invoked / str(arg).split("::")[0] for arg in args]
    paths = [path for path in paths if os.path.lexists(path)]
    return find_project_roots(paths, invoked, Path(str(config.rootpath)))
