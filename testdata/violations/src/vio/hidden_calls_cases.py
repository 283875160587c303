"""semantics §5: each call site the walk cannot see into is a blind spot. `hasattr` on a value of unknown class may run
any project `__getattr__` (this tree defines several); an `ExitStack` runs, when it closes, the callables stored in
it earlier, which the walk cannot tell."""

import contextlib
import operator
import typing


# claims: deterministic
def probes_unknown(value):
    return hasattr(value, "read")  # want-blind: `hasattr(value, 'read')` from vio.hidden_calls_cases.probes_unknown


class Session:
    def __init__(self):
        self._stack = contextlib.ExitStack()

    # claims: deterministic
    def close(self):
        self._stack.close()  # want-blind: `self._stack.close()` from vio.hidden_calls_cases.Session.close

    # claims: deterministic
    def scoped(self):
        with self._stack:  # want-blind: `with self._stack` from vio.hidden_calls_cases.Session.scoped
            return 1

    # claims: deterministic
    def enter(self):
        return self._stack.enter_context(contextlib.nullcontext())


def _pure(func):
    return func


# claims: deterministic
def decorate_with(deco):
    @deco  # want-blind: `@deco` from vio.hidden_calls_cases.decorate_with
    def inner():
        return 1

    @_pure
    def known():
        return 2

    return inner, known


# claims: deterministic
def probes_any(value: typing.Any):
    return hasattr(value, "write")  # want-blind: `hasattr(value, 'write')` from vio.hidden_calls_cases.probes_any


def _double(x):
    return x * 2


# claims: deterministic
def maps_a_passed_callable(fn, xs):
    return list(map(fn, xs))  # want-blind: `map(fn, xs)` from vio.hidden_calls_cases.maps_a_passed_callable # want-blind: `iter(xs)` from vio.hidden_calls_cases.maps_a_passed_callable


# claims: deterministic
def sorts_by_a_passed_key(xs, key):
    return sorted(xs, key=key)  # want-blind: `sorted(xs, key=key)` from vio.hidden_calls_cases.sorts_by_a_passed_key # want-blind: `iter(xs)` from vio.hidden_calls_cases.sorts_by_a_passed_key


# claims: deterministic
def maps_a_known_function(xs):
    return list(map(_double, xs)), sorted(xs, key=len)  # want-blind: `iter(xs)` from vio.hidden_calls_cases.maps_a_known_function


# claims: deterministic
def calls_by_name(c):
    return operator.methodcaller("now")(c)  # want-blind: `operator.methodcaller("now")(c)` from vio.hidden_calls_cases.calls_by_name
