"""Node ids and failure paths shown from a directory inside the root are worked out as strings, as `relpath` would
give them, without reading the working directory."""

from __future__ import annotations

import itertools
import posixpath

import pytest

from pytest_claims.plugin.paths import relative_inside

PATHS = ("a.py", "a/b.py", "a/b/c/d.py", "src/alib/core.py", "pkg/x/y.py", "./src/./alib/core.py")
STARTS = ("a", "a/b", "src", "src/alib", "src/alib/sub", "pkg/x", "tests", "x/y/z", "src/")


@pytest.mark.parametrize(("path", "start"), list(itertools.product(PATHS, STARTS)))
def test_relative_inside_gives_what_relpath_gives(path: str, start: str) -> None:
    assert relative_inside(path, start) == posixpath.relpath(path, start)


def test_a_path_that_is_the_start_is_dot() -> None:
    assert relative_inside("src/alib", "src/alib") == "."
