"""Attribute access runs a project class's `__getattribute__`; probes (`hasattr`, `getattr`) run properties and
`__getattr__` hooks, of classes and of modules."""

import time


class Traced:
    def __getattribute__(self, name):
        time.time()  # want: deterministic call time.time from vio.failclosed_hooks_cases.reads_through_getattribute via vio.failclosed_hooks_cases.Traced.__getattribute__; deterministic call time.time from vio.failclosed_hooks_cases.reads_through_an_inherited_getattribute via vio.failclosed_hooks_cases.Traced.__getattribute__
        return object.__getattribute__(self, name)

    def value(self):
        return 1


class TracedChild(Traced):
    pass


class Untraced:
    def value(self):
        return 1


class UntracedBase:
    def value(self):
        return 1


class TracedBelow(UntracedBase):
    def __getattribute__(self, name):
        return time.time()  # want: deterministic call time.time from vio.failclosed_hooks_cases.calls_a_base_with_a_traced_subclass via vio.failclosed_hooks_cases.TracedBelow.__getattribute__


# claims: deterministic
def reads_through_getattribute(t: Traced):
    return t.value()


# claims: deterministic
def reads_through_an_inherited_getattribute(t: TracedChild):
    return t.value()


# claims: deterministic
def reads_without_getattribute(u: Untraced):
    return u.value()


# claims: deterministic
def calls_a_base_with_a_traced_subclass(b: UntracedBase):
    return b.value()
