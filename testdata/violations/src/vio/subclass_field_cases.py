"""Fields a subclass's methods store on `self` (docs/decisions.md, overrides): an instance attribute shadows the
class's def at run time, so `self.run()` in a base's method, on an instance of a project subclass whose methods
assign `self.run = ...` (any of them, at any time), may call what that store put there. Each known value is
reported where the store is written; a value stored from a parameter is a blind spot, with its default and the
project's arguments reported where they are written (as any stored callable's)."""

import time


def _pure():
    return 1


# -- flagged: a default stored, a module's function stored, a store in a method other than __init__ -------------


class Defaulted:
    # claims: deterministic
    def go(self):
        return self.run()  # want-blind: `self.run()` from vio.subclass_field_cases.Defaulted.go

    def run(self):
        return 1


class TimedDefault(Defaulted):
    def __init__(self, clock=time.time):  # want: deterministic call time.time from vio.subclass_field_cases.Defaulted.go
        self.run = clock


class Aliased:
    # claims: deterministic
    def go(self):
        return self.run()

    def run(self):
        return 1


class TimedAlias(Aliased):
    def __init__(self):
        # want: deterministic call time.time from vio.subclass_field_cases.Aliased.go
        # want: deterministic call time.time from vio.subclass_field_cases.uses_aliased
        self.run = time.time


# claims: deterministic
def uses_aliased(a: Aliased):
    return a.run()


# claims: deterministic
def binds_aliased(a: Aliased):
    # a read that is no call takes the stored values too
    run = a.run  # want: deterministic reference time.time from vio.subclass_field_cases.binds_aliased
    return run()  # want: deterministic call time.time from vio.subclass_field_cases.binds_aliased


class Armable:
    # claims: deterministic
    def go(self):
        return self.run()

    def run(self):
        return 1


class Armed(Armable):
    def arm(self):
        self.run = time.monotonic  # want: deterministic call time.monotonic from vio.subclass_field_cases.Armable.go


class Injectable:
    # claims: deterministic
    def go(self):
        return self.run()  # want-blind: `self.run()` from vio.subclass_field_cases.Injectable.go

    def run(self):
        return 1


class Injected(Injectable):
    def __init__(self, clock):
        self.run = clock


def make_injected():
    return Injected(time.perf_counter)  # want: deterministic call time.perf_counter from vio.subclass_field_cases.Injectable.go


class Sided:
    # claims: deterministic
    def go(self):
        return self.run()

    def run(self):
        return 1


class Clocked:  # no subclass of Sided, but a class deriving from both stores the field through it
    def start(self):
        self.run = time.time  # want: deterministic call time.time from vio.subclass_field_cases.Sided.go


class Both(Clocked, Sided):
    pass


# -- held: a pure function stored, another name stored, a store by a class outside the hierarchy ----------------


class Purified:
    # claims: deterministic
    def go(self):
        # a field stored from a module's name alone may be that name's other bindings too, as for a class's own
        # want-blind: `self.run()` from vio.subclass_field_cases.Purified.go
        return self.run()

    def run(self):
        return 1


class PureSub(Purified):
    def __init__(self):
        self.run = _pure


class Renamed:
    # claims: deterministic
    def go(self):
        return self.run()

    def run(self):
        return 1


class OtherName(Renamed):
    def __init__(self):
        self.walk = time.time


class Lone:
    # claims: deterministic
    def go(self):
        return self.run()

    def run(self):
        return 1


class Stranger:  # derives from no class of Lone's hierarchy
    def __init__(self):
        self.run = time.time


# claims: deterministic
def runs_exact_aliased():
    return Aliased().run()  # an instance of exactly Aliased: no subclass's store is on it
