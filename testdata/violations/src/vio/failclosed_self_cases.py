"""A rebound `self` / `cls` holds what it was bound to (or some unknown value), never only the receiver; `c += x`
holds what the class's `__iadd__` returns."""

import time


class Sibling:
    def ping(self):
        # want: deterministic call time.time from vio.failclosed_self_cases.Holder.rebinds_from_a_parameter via vio.failclosed_self_cases.Sibling.ping
        # want: deterministic call time.time from vio.failclosed_self_cases.Holder.rebinds_by_walrus via vio.failclosed_self_cases.Sibling.ping
        # want: deterministic call time.time from vio.failclosed_self_cases.Holder.make via vio.failclosed_self_cases.Sibling.ping
        return time.time()


class Holder:
    def ping(self):
        return 1

    # claims: deterministic
    def rebinds_from_a_parameter(self, other: Sibling):
        self = other
        return self.ping()

    # claims: deterministic
    def rebinds_by_walrus(self, other: Sibling):
        if (self := other) is not None:
            return self.ping()
        return None

    # claims: deterministic
    def loops_over_unknowns(self, items):
        for self in items:  # want-blind: `iter(items)` from vio.failclosed_self_cases.Holder.loops_over_unknowns
            self.ping()  # want-blind: `self.ping()` from vio.failclosed_self_cases.Holder.loops_over_unknowns
        return None

    # claims: deterministic
    @classmethod
    def make(cls):
        cls = Sibling
        return cls().ping()

    # claims: deterministic
    def keeps_its_receiver(self):
        return self.ping()


class Clocked:
    def read(self):
        return time.time()  # want: deterministic call time.time from vio.failclosed_self_cases.augmented_to_another_class via vio.failclosed_self_cases.Clocked.read


class Meters:
    def __iadd__(self, other) -> Clocked:
        return Clocked()

    def read(self):
        return 0


class Counter:
    def __iadd__(self, other) -> "Counter":
        return self

    def read(self):
        return 0


# claims: deterministic
def augmented_to_another_class(m: Meters):
    m += 1
    return m.read()


# claims: deterministic
def augmented_to_its_own_class(c: Counter):
    c += 1
    return c.read()
