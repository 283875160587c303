"""A submodule the package's `__init__` does not bind: `from vio.layout.shadowed import plain` gives it."""

import time


def work():
    return time.time()  # want: deterministic call time.time from vio.layout.cases.submodule_not_shadowed via vio.layout.shadowed.plain.work
