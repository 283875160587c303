"""Values carried where the walk starts: a function a project decorator is applied to is passed to it (`@stamped`
is the call `stamped(clocked)`), so the decorator's claim enters what the decorated functions reach where the
decorator's parameter is called; any other caller may pass anything, so the call stays a blind spot."""

import time


# -- a project decorator's parameter called inside it (dateutil's `_validate_fromutc_inputs`) -----------------


# claims: deterministic
def stamped(func):
    def wrapper(*args):
        return func(*args)  # want-blind: `func(*args)` from vio.carried_cases.stamped

    return wrapper


@stamped
def clocked():
    return time.time()  # want: deterministic call time.time from vio.carried_cases.stamped via vio.carried_cases.clocked


# claims: deterministic
def checked(func):
    def wrapper(*args):
        return func(*args)  # want-blind: `func(*args)` from vio.carried_cases.checked

    return wrapper


@checked
def pure():
    return 1


# claims: deterministic
def validated(f):
    def wrapper(self, value):
        return f(self, value)  # want-blind: `f(self, value)` from vio.carried_cases.validated

    return wrapper


class Zoneish:
    @validated
    def convert(self, value):
        return self._shift(value)

    def _shift(self, value):
        return value


class LocalZoneish(Zoneish):
    def _shift(self, value):
        return time.localtime()  # want: deterministic call time.localtime from vio.carried_cases.validated via vio.carried_cases.Zoneish.convert -> vio.carried_cases.LocalZoneish._shift


def tagged(func):
    return func


# claims: deterministic
def wrapped_outside(func):
    def wrapper(*args):
        return func(*args)  # want-blind: `func(*args)` from vio.carried_cases.wrapped_outside

    return wrapper


@wrapped_outside
@tagged
def clocked_inside():
    return time.time()  # want: deterministic call time.time from vio.carried_cases.wrapped_outside via vio.carried_cases.clocked_inside


def wraps_it(func):
    def inner():
        return func()

    return inner


# claims: deterministic
def wrapped_by_other(func):
    def wrapper(*args):
        return func(*args)  # want-blind: `func(*args)` from vio.carried_cases.wrapped_by_other

    return wrapper


@wrapped_by_other
@wraps_it
def clocked_wrapped():
    return time.time()
