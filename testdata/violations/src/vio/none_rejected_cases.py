"""semantics §5.6, a literal `None` that a test rejects ends the path: `if alias in reuse:` raises TypeError where
`reuse` is None, so neither branch runs, nor the statements after the `if` in its block. A call passing None (or
leaving the parameter at a default of None) walks none of them; one passing a set, or a value the walk does not know,
walks them all. Only what the test certainly evaluates counts (not the second operand of `and`), and only a parameter
that still holds the argument (not one rebound first, nor a nested def's own parameter of the same name). A passed-on
`None` stays decided around a recursion (`build_filter -> add_q -> build_filter`), however many laps."""

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


def attribute(reuse=None):
    reuse.update(("a",))  # want-blind: `reuse.update(("a",))` from vio.none_rejected_cases.attribute_none via vio.none_rejected_cases.attribute
    return time.time()  # want: deterministic call time.time from vio.none_rejected_cases.attribute_none via vio.none_rejected_cases.attribute


# claims: deterministic
def attribute_none():
    """Only an `in` test ends the path: `reuse.update` would raise too, but no W claim was decided by it."""
    return attribute()


def build_filter(child, reuse=None):
    if isinstance(child, list):
        return add_q(child, reuse)
    return exclude(child, reuse)


def add_q(children, used):
    # want-blind: `iter(children)` from vio.none_rejected_cases.build_where via vio.none_rejected_cases.build_filter -> vio.none_rejected_cases.add_q
    # want-blind: `iter(children)` from vio.none_rejected_cases.build_where_set via vio.none_rejected_cases.build_filter -> vio.none_rejected_cases.add_q
    for child in children:
        build_filter(child, reuse=used)


def exclude(child, reuse):
    # want-blind: `hash(child)` from vio.none_rejected_cases.build_where via vio.none_rejected_cases.build_filter -> vio.none_rejected_cases.exclude
    # want-blind: `hash(child)` from vio.none_rejected_cases.build_where_set via vio.none_rejected_cases.build_filter -> vio.none_rejected_cases.exclude
    # want-blind: `reuse.__contains__(...)` from vio.none_rejected_cases.build_where via vio.none_rejected_cases.build_filter -> vio.none_rejected_cases.exclude
    # want-blind: `reuse.__contains__(...)` from vio.none_rejected_cases.build_where_set via vio.none_rejected_cases.build_filter -> vio.none_rejected_cases.exclude
    if child in reuse:
        return time.time()  # want: deterministic call time.time from vio.none_rejected_cases.build_where_set via vio.none_rejected_cases.build_filter -> vio.none_rejected_cases.exclude
    return 0


# claims: deterministic
def build_where(child):
    """A recursion passes None on lap after lap (`build_filter -> add_q -> build_filter`): each lap enters what the
    first did, so `exclude` is always entered with None, however deep."""
    return build_filter(child)


# claims: deterministic
def build_where_set(child):
    return build_filter(child, {"a"})
