"""Fixtures of the whole suite."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

from pytest_claims.persist.cache import SHARED_ENV


@pytest.fixture(autouse=True, scope="session")
def _shared_cache_of_the_session(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """The tests' parsed stubs go to a per-machine cache of this session (each xdist worker its own), not the
    user's: no test reads what another version of the plugin, or an earlier session, left there."""
    before = os.environ.get(SHARED_ENV)
    os.environ[SHARED_ENV] = str(tmp_path_factory.mktemp("shared-cache"))
    try:
        yield
    finally:
        if before is None:
            del os.environ[SHARED_ENV]
        else:
            os.environ[SHARED_ENV] = before


@pytest.fixture(autouse=True, scope="session")
def _outside_tox() -> Iterator[None]:
    """Under tox, pytest (and so the plugin and `pytest-claims check`) keeps its cache in the env's directory,
    one for every test's project: the tests run as they would outside tox, each project's cache its own."""
    before = os.environ.pop("TOX_ENV_DIR", None)
    try:
        yield
    finally:
        if before is not None:
            os.environ["TOX_ENV_DIR"] = before
