"""Read and validate `[tool.claims]` from the project's pyproject.toml (semantics §10), and find the projects.

Everything downstream (collection, the walk, reports, caches) trusts the `Config` this package returns, so every
key and value is checked here, once, and any problem is a one-line `ConfigError` that names the file and the key
(the plugin turns it into pytest's usage error, exit status 4). The result is plain frozen data (`model`).

Ordering: lists that are sets by meaning (`packages`, `trusted`, `follow`, `mutating-returns`, the values
of `deny` / `allow` and of a custom claim's `deny`) are deduplicated and sorted, so two spellings of the
same set give the same `Config`. Lists whose order a user may care about (`exclude`, `platform`,
`platforms`, the `forbid-reaches` rules) keep their configured order, deduplicated. Mappings are sorted
by key.

Nothing here imports or executes project code: package detection only looks at directory entries.

The rooms, lowest first: `defaults`, `keys` (what the table may say), `messages` (`ConfigError` and the "did you
mean" hints), `model` (`Config`); `environment` (the boolean environment variables), `pyproject` (the file),
`detection` (packages found when none are configured); `values` (one value read and checked), `rootdir`
(pytest's rootdir, for the command line); `claims` (custom claims and the claim-keyed tables), `rules`
(`forbid-reaches`), `projects` (where the projects are); `load` (`load_config`). This module only re-exports.
"""

from __future__ import annotations

from pytest_claims.config.defaults import DEFAULT_EXCLUDE, DEFAULT_MAX_WALK, DYNAMIC_CALLS
from pytest_claims.config.detection import detect_packages
from pytest_claims.config.environment import env_flag, sweep_env
from pytest_claims.config.load import load_config
from pytest_claims.config.messages import ConfigError, nearest, unknown_hint, unknown_platform
from pytest_claims.config.model import Config, CustomClaim, ForbidRule
from pytest_claims.config.projects import find_project_root, find_project_roots, tables_below
from pytest_claims.config.pyproject import PYPROJECT, holds_claims_table
from pytest_claims.config.rootdir import pytest_rootdir
from pytest_claims.excludes import is_excluded

__all__ = [
    "DEFAULT_EXCLUDE",
    "DEFAULT_MAX_WALK",
    "DYNAMIC_CALLS",
    "PYPROJECT",
    "Config",
    "ConfigError",
    "CustomClaim",
    "ForbidRule",
    "detect_packages",
    "env_flag",
    "find_project_root",
    "find_project_roots",
    "holds_claims_table",
    "is_excluded",
    "load_config",
    "nearest",
    "pytest_rootdir",
    "sweep_env",
    "tables_below",
    "unknown_hint",
    "unknown_platform",
]
