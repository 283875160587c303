"""A package binding `helper` in its `__init__` while a submodule `helper.py` exists too, and a submodule
`plain` that the `__init__` does not bind."""

import os

from . import plain as plain  # the package importing its own submodule binds that submodule: no other value


def helper():
    return os.getenv("X")  # want: deterministic call os.getenv from vio.layout.cases.package_attribute_over_submodule via vio.layout.shadowed.helper
