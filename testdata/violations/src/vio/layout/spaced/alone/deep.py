"""`vio.layout.spaced.alone.deep`, inside a namespace package."""

import time


def helper():
    return time.time()  # want: deterministic call time.time from vio.layout.cases.inside_a_namespace_package via vio.layout.spaced.alone.deep.helper
