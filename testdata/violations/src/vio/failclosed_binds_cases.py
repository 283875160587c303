"""A call of a method on a value of unknown type is a blind spot where a project class binds that name, whatever
statement binds it: a tuple target, a `for` or `with` target set on `self`, a class-body walrus, a class defined
in a function."""

import os


class TupleTarget:
    def __init__(self):
        self.zorb_tuple, self.other = os.getenv, 1


class ForTarget:
    def fill(self, items):
        for self.zorb_for in items:
            pass


class WithTarget:
    def open(self, opener):
        with opener() as self.zorb_with:
            pass


class WalrusBody:
    first = (zorb_walrus := os.getenv)


def make_local():
    class Local:
        def zorb_local(self):
            return os.getenv("LOCAL")

    return Local


# claims: deterministic
def calls_tuple_bound(x):
    return x.zorb_tuple("A")  # want-blind: `x.zorb_tuple("A")` from vio.failclosed_binds_cases.calls_tuple_bound


# claims: deterministic
def calls_for_bound(x):
    return x.zorb_for("A")  # want-blind: `x.zorb_for("A")` from vio.failclosed_binds_cases.calls_for_bound


# claims: deterministic
def calls_with_bound(x):
    return x.zorb_with("A")  # want-blind: `x.zorb_with("A")` from vio.failclosed_binds_cases.calls_with_bound


# claims: deterministic
def calls_walrus_bound(x):
    return x.zorb_walrus("A")  # want-blind: `x.zorb_walrus("A")` from vio.failclosed_binds_cases.calls_walrus_bound


# claims: deterministic
def calls_local_class_method(x):
    return x.zorb_local()  # want-blind: `x.zorb_local()` from vio.failclosed_binds_cases.calls_local_class_method


# claims: deterministic
def calls_a_name_nothing_binds(x, items):
    for x.zorb_nowhere_target in items:  # want-blind: `iter(items)` from vio.failclosed_binds_cases.calls_a_name_nothing_binds
        pass
    return x.zorb_nowhere("A")
