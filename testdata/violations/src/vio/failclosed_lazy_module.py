"""A module with a PEP 562 `__getattr__`: a name it does not bind runs it."""

import time

PRESENT = 1


def __getattr__(name):
    # want: deterministic call time.time from vio.failclosed_hooks_cases.probes_a_module_with_getattr via vio.failclosed_lazy_module.__getattr__
    # want: deterministic call time.time from vio.failclosed_hooks_cases.gets_from_a_module_with_getattr via vio.failclosed_lazy_module.__getattr__
    return time.time()
