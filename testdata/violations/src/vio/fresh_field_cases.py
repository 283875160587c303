"""`__enter__`'s test of a field on an instance `with D(...):` just made: the constructor stored the field from a
parameter, so the construction's literal decides the test (`with Override(None):` never reads the clock). Not for
another literal, an instance bound to a name and entered later (other code may have stored the field), a
constructor that hands `self` away, or an `__enter__` that stores the field before its test."""

import time
from contextlib import ContextDecorator

SEEN = []


def current():
    return len(SEEN)


class Override(ContextDecorator):
    def __init__(self, language, deactivate=False):
        self.language = language
        self.deactivate = deactivate

    def __enter__(self):
        self.old = current()
        if self.language is not None:
            # want: deterministic call time.time from vio.fresh_field_cases.override_en via vio.fresh_field_cases.Override.__enter__
            # want: deterministic call time.time from vio.fresh_field_cases.override_later via vio.fresh_field_cases.Override.__enter__
            return time.time()
        return None

    def __exit__(self, *exc):
        return False


class Registered:
    def __init__(self, language):
        self.language = language
        SEEN.append(self)

    def __enter__(self):
        if self.language is not None:
            # want: deterministic call time.time from vio.fresh_field_cases.registered_none via vio.fresh_field_cases.Registered.__enter__
            return time.time()
        return None

    def __exit__(self, *exc):
        return False


class Restoring:
    def __init__(self, language):
        self.language = language

    def __enter__(self):
        self.language = SEEN[0] if SEEN else None
        if self.language is not None:
            # want: deterministic call time.time from vio.fresh_field_cases.restoring_none via vio.fresh_field_cases.Restoring.__enter__
            return time.time()
        return None

    def __exit__(self, *exc):
        return False


# claims: deterministic
def override_none():
    with Override(None):
        return 1


# claims: deterministic
def override_en():
    with Override("en"):
        return 1


# claims: deterministic
def override_later():
    held = Override(None)
    held.language = "en"
    with held:
        return 1


# claims: deterministic
def registered_none():
    with Registered(None):
        return 1


# claims: deterministic
def restoring_none():
    with Restoring(None):
        return 1
