"""A function entered in more contexts than one walk keeps apart is entered widened: the literal arguments every
context decided alike still decide its tests (here `require_ready` is left at its default `True` by every
call, so the branch under `not require_ready` is never walked), while an argument the contexts decide
differently is open."""

import time


def lookup(name, require_ready=True):
    if name is None:
        return None
    if not require_ready:  # want-blind: `bool(require_ready)` from vio.agreed_cases.nine_lookups via vio.agreed_cases.lookup
        return time.time()
    return name


# claims: deterministic
def nine_lookups():
    lookup("a")
    lookup("b")
    lookup("c")
    lookup("d")
    lookup("e")
    lookup("f")
    lookup("g")
    lookup("h")
    lookup("i")
    return 1


def stamped(name, fresh=False):
    if name is None:
        return None
    if fresh:  # want-blind: `bool(fresh)` from vio.agreed_cases.one_fresh via vio.agreed_cases.stamped
        return time.time()  # want: deterministic call time.time from vio.agreed_cases.one_fresh via vio.agreed_cases.stamped
    return name


# claims: deterministic
def one_fresh():
    stamped("a")
    stamped("b")
    stamped("c")
    stamped("d")
    stamped("e")
    stamped("f")
    stamped("g")
    stamped("h")
    stamped("i", fresh=True)
    return 1
