"""Every spelling of the decorator makes an item; a look-alike makes none."""

import os

import pytest_claims.runtime
from pytest_claims import *  # noqa: F403

from . import claims as reexported
from . import promise, registry

vow = promise


@reexported("deterministic")
def through_the_package():  # want-platforms: [darwin, linux, win32]
    return os.getenv("X")  # want: deterministic call os.getenv from vio.spelled.uses.through_the_package


@promise("deterministic")
def renamed():  # want-platforms: [darwin, linux, win32]
    return os.getenv("X")  # want: deterministic call os.getenv from vio.spelled.uses.renamed


@vow("deterministic")
def renamed_twice():  # want-platforms: [darwin, linux, win32]
    return os.getenv("X")  # want: deterministic call os.getenv from vio.spelled.uses.renamed_twice


@pytest_claims.runtime.claims("deterministic")
def from_the_runtime():
    return os.getenv("X")  # want: deterministic call os.getenv from vio.spelled.uses.from_the_runtime


@ｃｌａｉｍｓ("sandboxed")
def full_width(p):
    return open(p)  # want: sandboxed call builtins.open from vio.spelled.uses.full_width # want-blind: `p.__fspath__(...)` from vio.spelled.uses.full_width


@registry.claims("deterministic")
def look_alike():  # want-platforms: []
    return os.getenv("X")
