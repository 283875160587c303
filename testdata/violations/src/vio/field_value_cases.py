"""semantics §4, instance state reads no module state: `self.x = make(arg)` stores what the call returns, so a reader
of `obj.x` reads the instance, not the module-level binding of `make` (even when that binding is itself a call
that reached something at import: a rebound class, a wrapped function). The method that assigns it is charged
with the call; a reader of the module-level name itself still is."""

import time


def _stamped(cls):
    cls.created = time.time()  # want: deterministic call time.time from vio.field_value_cases.names_factory via vio.field_value_cases.Factory -> vio.field_value_cases._stamped
    return cls


class Factory:
    def __init__(self, factory):
        self.factory = factory


Factory = _stamped(Factory)


class Counting:
    def __init__(self):
        self._default = None

    def default(self, meth):
        self._default = Factory(meth)
        return meth


# claims: deterministic
def reads_field(ca: Counting):
    return ca._default


# claims: deterministic
def names_factory():
    return Factory
