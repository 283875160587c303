"""A decorator application is a call site: `@Checked(int)` over `def f` is `Checked(int).__call__(f)` and
`@tagged_as("x")` is `tagged_as("x")(f)`, so the parameter the decorator's value is called with holds `f`, and the
decorator's claim enters what `f` reaches where that parameter is called (python-ulid's `validate_type`). Any other
caller may pass anything: the call stays a blind spot."""

import functools
import os
import time


# -- a class whose instances are the decorator: `__call__(self, func)` -----------------------------------------


class Checked:
    def __init__(self, *types):
        self.types = types

    # claims: deterministic
    def __call__(self, func):
        @functools.wraps(func)
        def wrapped(cls, value):
            if not isinstance(value, self.types):
                raise TypeError(value)
            # want-blind: `func(cls, value)` from vio.decorated_cases.Checked.__call__
            # want-blind: `func(cls, value)` from vio.protocol_cases.fire via vio.decorated_cases.Checked.__call__
            return func(cls, value)

        return wrapped


class Stamp:
    @classmethod
    @Checked(int, float)
    def from_timestamp(cls, value):
        return os.urandom(value)  # want: deterministic call os.urandom from vio.decorated_cases.Checked.__call__ via vio.decorated_cases.Stamp.from_timestamp


class PureChecked:
    def __init__(self, *types):
        self.types = types

    # claims: deterministic
    def __call__(self, func):
        def wrapped(value):
            # want-blind: `func(value)` from vio.decorated_cases.PureChecked.__call__
            # want-blind: `func(value)` from vio.protocol_cases.fire via vio.decorated_cases.PureChecked.__call__
            return func(value)

        return wrapped


@PureChecked(int)
def doubled(value):
    return value * 2


# -- a function returning the decorator: `tagged_as("x")` gives `decorator(fn)` ----------------------------------


# claims: deterministic
def tagged_as(tag):
    def decorator(fn):
        def wrapper(*args):
            return fn(*args)  # want-blind: `fn(*args)` from vio.decorated_cases.tagged_as

        return wrapper

    return decorator


@tagged_as("clock")
def clocked():
    return time.time()  # want: deterministic call time.time from vio.decorated_cases.tagged_as via vio.decorated_cases.clocked


# claims: deterministic
def pure_tagged(tag):
    def decorator(fn):
        def wrapper(*args):
            return fn(*args)  # want-blind: `fn(*args)` from vio.decorated_cases.pure_tagged

        return wrapper

    return decorator


@pure_tagged("sum")
def summed(a, b):
    return (a, b)


# -- a plain function decorator: `@logged` is `logged(f)` ----------------------------------------------------------


# claims: deterministic
def logged(fn):
    def wrapper(*args):
        return fn(*args)  # want-blind: `fn(*args)` from vio.decorated_cases.logged

    return wrapper


@logged
def environ():
    return os.getenv("HOME")  # want: deterministic call os.getenv from vio.decorated_cases.logged via vio.decorated_cases.environ


# claims: deterministic
def pure_logged(fn):
    def wrapper(*args):
        return fn(*args)  # want-blind: `fn(*args)` from vio.decorated_cases.pure_logged

    return wrapper


@pure_logged
def halved(value):
    return value / 2


# -- not an application: the factory's value is called, not used as a decorator; a shadowed parameter ----------


# claims: deterministic
def called_not_applied(tag):
    def decorator(fn):
        return fn()  # want-blind: `fn()` from vio.decorated_cases.called_not_applied

    return decorator


def uses_it():
    return called_not_applied("x")(time.time)


# claims: deterministic
def shadowed(tag):
    def decorator(fn):
        run = lambda fn: fn()  # want-blind: `fn()` from vio.decorated_cases.shadowed
        return run(fn)

    return decorator


@shadowed("x")
def shadow_clocked():
    return time.time()
