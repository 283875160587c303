"""`__enter__`'s test of a field on an instance `with D(...):` just made: the constructor stored the field from a
parameter, so the construction's literal decides the test (`with Override(None):` never reads the clock). Not for
another literal, an instance bound to a name and entered later (other code may have stored the field), a
constructor that hands `self` away, or an `__enter__` that stores the field before its test.

The same for the `__exit__` of that `with` (where `__enter__` never stores the field either), and for a method
called on the new instance at once (`Switch(None).now()`) or on a local bound to it that nothing else reads."""

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


class Switch:
    def __init__(self, language, deactivate=None):
        self.language = language
        self.deactivate = deactivate

    def __enter__(self):
        self.old = len(SEEN)
        return None

    def __exit__(self, *exc):
        if self.deactivate is not None:
            # want: deterministic call time.time from vio.fresh_field_cases.exit_deactivating via vio.fresh_field_cases.Switch.__exit__
            # want: deterministic call time.time from vio.fresh_field_cases.exit_after_store via vio.fresh_field_cases.Switch.__exit__
            return time.time()
        return False

    def now(self):
        if self.language is not None:
            # want: deterministic call time.time from vio.fresh_field_cases.now_en via vio.fresh_field_cases.Switch.now
            # want: deterministic call time.time from vio.fresh_field_cases.named_en via vio.fresh_field_cases.Switch.now
            # want: deterministic call time.time from vio.fresh_field_cases.named_stored via vio.fresh_field_cases.Switch.now
            # want: deterministic call time.time from vio.fresh_field_cases.named_handed via vio.fresh_field_cases.Switch.now
            return time.time()
        return None

    def flip(self):
        self.language = SEEN[0] if SEEN else None
        if self.language is not None:
            # want: deterministic call time.time from vio.fresh_field_cases.flip_none via vio.fresh_field_cases.Switch.flip
            return time.time()
        return None


class Restarting(Switch):
    def __enter__(self):
        self.deactivate = bool(SEEN)
        return None


# claims: deterministic
def exit_kept():
    with Switch(None):
        return 1


# claims: deterministic
def exit_deactivating():
    with Switch(None, deactivate=True):
        return 1


# claims: deterministic
def exit_after_store():
    with Restarting(None):
        return 1


# claims: deterministic
def now_none():
    return Switch(None).now()


# claims: deterministic
def now_en():
    return Switch("en").now()


# claims: deterministic
def named_none():
    switch = Switch(None)
    return switch.now()


# claims: deterministic
def named_en():
    switch = Switch("en")
    return switch.now()


# claims: deterministic
def named_stored():
    switch = Switch(None)
    switch.language = "en"
    return switch.now()


# claims: deterministic
def named_handed():
    switch = Switch(None)
    SEEN.append(switch)
    return switch.now()


# claims: deterministic
def flip_none():
    return Switch(None).flip()


class Leaving:
    def __init__(self, deactivate=None):
        self.deactivate = deactivate

    def __enter__(self):
        self.deactivate = SEEN[0] if SEEN else None
        return None

    def leave(self, *exc):
        if self.deactivate is not None:
            # want: deterministic call time.time from vio.fresh_field_cases.leaving_none via vio.fresh_field_cases.Leaving.leave
            return time.time()
        return False

    __exit__ = leave


# claims: deterministic
def leaving_none():
    with Leaving(None):
        return 1
