"""A module name bound again at module level is no platform constant: what a function reads is whichever binding
ran last, and the rebinding's own reads are kept."""

import os
import time
from sys import platform


# claims: deterministic
def tests_the_rebound_name():
    if platform == "plan9":  # want-blind: `platform.__eq__(...)` from vio.failclosed_rebound_platform_cases.tests_the_rebound_name
        return time.time()  # want: deterministic call time.time from vio.failclosed_rebound_platform_cases.tests_the_rebound_name
    return None


# want: deterministic read os.environ from vio.failclosed_rebound_platform_cases.tests_the_rebound_name via vio.failclosed_rebound_platform_cases.platform
platform = os.environ.get("PLATFORM", "")
