"""Rebound constants (issue 16): a name bound more than once is no known constant; one bound once still is."""

import os

FLAG = True
FLAG, OTHER = bool(OTHER_SOURCES := ()), 1

if FLAG:

    def not_chosen():
        return 1

else:
    # claims: deterministic
    def chosen():
        return os.getenv("X")  # want: deterministic call os.getenv from vio.rebound.chosen


ONCE = True

if ONCE:
    # claims: deterministic
    def decided():
        return 1

else:
    # claims: deterministic
    def decided():  # want-platforms: []
        return os.getenv("X")
