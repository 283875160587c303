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


# -- probes: hasattr and a computed getattr run project code ------------------------------------------------------
class Lazy:
    @property
    def loaded(self):
        return time.time()  # want: deterministic call time.time from vio.failclosed_hooks_cases.probes_a_property via vio.failclosed_hooks_cases.Lazy.loaded; deterministic call time.time from vio.failclosed_hooks_cases.gets_a_computed_name via vio.failclosed_hooks_cases.Lazy.loaded

    def method(self):
        return time.time()


class Fallback:
    def __getattr__(self, name):
        return time.time()  # want: deterministic call time.time from vio.failclosed_hooks_cases.gets_a_computed_name_with_a_hook via vio.failclosed_hooks_cases.Fallback.__getattr__

    def known(self):
        return 1


# claims: deterministic
def probes_a_property(c: Lazy):
    return hasattr(c, "loaded")


# claims: deterministic
def probes_a_method(c: Lazy):
    return hasattr(c, "method")


# claims: deterministic
def gets_a_computed_name(c: Lazy, name: str):
    return getattr(c, name, None)


# claims: deterministic
def gets_a_computed_name_with_a_hook(c: Fallback, name: str):
    return getattr(c, name, None)


# claims: deterministic
def gets_a_computed_name_of_a_plain_class(u: Untraced, name: str):
    return getattr(u, name, None)


# claims: deterministic
def probes_a_module_with_getattr(name: str):
    from vio import failclosed_lazy_module as lazy

    return hasattr(lazy, "anything")


# claims: deterministic
def gets_from_a_module_with_getattr(name: str):
    from vio import failclosed_lazy_module as lazy

    return getattr(lazy, name, None)


# claims: deterministic
def probes_a_bound_module_name():
    from vio import failclosed_lazy_module as lazy

    return hasattr(lazy, "PRESENT")
