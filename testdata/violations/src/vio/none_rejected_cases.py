"""semantics §5.6, a literal `None` that a test rejects ends the path: `if alias in reuse:` raises TypeError where
`reuse` is None, so neither branch runs, nor the statements after the `if` in its block. A call passing None (or
leaving the parameter at a default of None) walks none of them; one passing a set, or a value the walk does not know,
walks them all. Only what the test certainly evaluates counts (not the second operand of `and`), and only a parameter
that still holds the argument (not one rebound first, nor a nested def's own parameter of the same name)."""

import os
import time


def split(alias, reuse):
    # want-blind: `hash(alias)` from vio.none_rejected_cases.split_none via vio.none_rejected_cases.split
    # want-blind: `hash(alias)` from vio.none_rejected_cases.split_set via vio.none_rejected_cases.split
    # want-blind: `hash(alias)` from vio.none_rejected_cases.relay_default via vio.none_rejected_cases.relay -> vio.none_rejected_cases.split
    # want-blind: `reuse.__contains__(...)` from vio.none_rejected_cases.split_none via vio.none_rejected_cases.split
    # want-blind: `reuse.__contains__(...)` from vio.none_rejected_cases.split_set via vio.none_rejected_cases.split
    # want-blind: `reuse.__contains__(...)` from vio.none_rejected_cases.relay_default via vio.none_rejected_cases.relay -> vio.none_rejected_cases.split
    if alias in reuse:
        return time.time()  # want: deterministic call time.time from vio.none_rejected_cases.split_set via vio.none_rejected_cases.split
    return 0


# claims: deterministic
def split_none():
    return split("a", None)


# claims: deterministic
def split_set():
    return split("a", {"a"})


def after(reuse=None):
    # want-blind: `reuse.__contains__(...)` from vio.none_rejected_cases.after_default via vio.none_rejected_cases.after
    # want-blind: `reuse.__contains__(...)` from vio.none_rejected_cases.after_set via vio.none_rejected_cases.after
    if "a" not in reuse:
        os.getenv("NOT_IN")  # want: deterministic call os.getenv from vio.none_rejected_cases.after_set via vio.none_rejected_cases.after
    else:
        os.getenv("IN")  # want: deterministic call os.getenv from vio.none_rejected_cases.after_set via vio.none_rejected_cases.after
    return time.time()  # want: deterministic call time.time from vio.none_rejected_cases.after_set via vio.none_rejected_cases.after


# claims: deterministic
def after_default():
    return after()


# claims: deterministic
def after_set():
    return after(reuse={"a"})


def relay(alias, reuse=None):
    return split(alias, reuse)


# claims: deterministic
def relay_default():
    return relay("a")


def second(flag, reuse=None):
    # want-blind: `bool(flag)` from vio.none_rejected_cases.second_none via vio.none_rejected_cases.second
    # want-blind: `reuse.__contains__(...)` from vio.none_rejected_cases.second_none via vio.none_rejected_cases.second
    if flag and "a" in reuse:
        return time.time()  # want: deterministic call time.time from vio.none_rejected_cases.second_none via vio.none_rejected_cases.second
    return 0


# claims: deterministic
def second_none(flag):
    return second(flag)


def rebound(reuse=None):
    reuse = reuse or set()  # want-blind: `bool(reuse)` from vio.none_rejected_cases.rebound_none via vio.none_rejected_cases.rebound
    # want-blind: `reuse.__contains__(...)` from vio.none_rejected_cases.rebound_none via vio.none_rejected_cases.rebound
    if "a" in reuse:
        return time.time()  # want: deterministic call time.time from vio.none_rejected_cases.rebound_none via vio.none_rejected_cases.rebound
    return 0


# claims: deterministic
def rebound_none():
    return rebound()


def shadowed(reuse=None):
    def inner(reuse):
        # want-blind: `reuse.__contains__(...)` from vio.none_rejected_cases.shadowed_none via vio.none_rejected_cases.shadowed
        if "a" in reuse:
            return time.time()  # want: deterministic call time.time from vio.none_rejected_cases.shadowed_none via vio.none_rejected_cases.shadowed
        return 0

    return inner({"a"})


# claims: deterministic
def shadowed_none():
    return shadowed()


def statements(reuse=None, flag=None):
    # want-blind: `reuse.update(("a",))` from vio.none_rejected_cases.statements_none via vio.none_rejected_cases.statements
    # want-blind: `reuse.update(("a",))` from vio.none_rejected_cases.statements_set via vio.none_rejected_cases.statements
    # want-blind: `reuse.update(("a",))` from vio.none_rejected_cases.statements_flag via vio.none_rejected_cases.statements
    reuse.update(("a",))
    # want: deterministic call os.getenv from vio.none_rejected_cases.statements_set via vio.none_rejected_cases.statements
    # want: deterministic call os.getenv from vio.none_rejected_cases.statements_flag via vio.none_rejected_cases.statements
    os.getenv("AFTER_CALL")
    # want-blind: `bool(flag)` from vio.none_rejected_cases.statements_set via vio.none_rejected_cases.statements
    # want-blind: `bool(flag)` from vio.none_rejected_cases.statements_flag via vio.none_rejected_cases.statements
    if flag:
        return 0
    # want-blind: `flag.__setitem__(...)` from vio.none_rejected_cases.statements_set via vio.none_rejected_cases.statements
    # want-blind: `flag.__setitem__(...)` from vio.none_rejected_cases.statements_flag via vio.none_rejected_cases.statements
    flag[0] = 1
    return time.time()  # want: deterministic call time.time from vio.none_rejected_cases.statements_flag via vio.none_rejected_cases.statements


# claims: deterministic
def statements_none():
    return statements()


# claims: deterministic
def statements_set():
    return statements({"a"})


# claims: deterministic
def statements_flag():
    return statements({"a"}, [])


def dunder(reuse=None):
    reuse.__class__
    return time.time()  # want: deterministic call time.time from vio.none_rejected_cases.dunder_none via vio.none_rejected_cases.dunder


# claims: deterministic
def dunder_none():
    return dunder()
