"""A local bound to `type(self)` is the class of `self`: calling it constructs that class or a subclass, as
`type(self)(...)` does (diskcache's `Deque.copy`: `TypeSelf = type(self)` then `TypeSelf(...)`)."""

import time


class Stamped:
    def __init__(self, size=0):
        self.at = time.time()  # want: deterministic call time.time from vio.type_alias_cases.Stamped.copy via vio.type_alias_cases.Stamped.__init__

    # claims: deterministic
    def copy(self):
        TypeSelf = type(self)
        return TypeSelf(size=1)


class Plain:
    def __init__(self, size=0):
        self.size = size

    # claims: deterministic
    def copy(self):
        TypeSelf = type(self)
        return TypeSelf(size=self.size)
