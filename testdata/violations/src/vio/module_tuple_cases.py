"""semantics §5.6, a module's literal tuple and a callee returning it: a module-level name bound once to a tuple of
literals, that nothing else binds or stores, is that literal where it is passed, and a test of an item of it
(`version[3] == "alpha"`) is decided. A plain function whose one `return p` gives back its parameter unchanged or such
a constant (through a function-local import too) gives that literal where the call's arguments say which, so the
rebinding `version = get_complete_version(version)` holds it (Django's `django.utils.version`)."""

import time

from vio import module_tuple_consts
from vio.module_tuple_consts import DEVELOPMENT, STORED, TWICE, VERSION


def get_complete_version(version=None):
    """The argument, or the module's VERSION when given None."""
    if version is None:
        from vio.module_tuple_consts import VERSION as version
    else:
        # want-blind: `len(version)` from vio.module_tuple_cases.alpha_display via vio.module_tuple_cases.get_version -> vio.module_tuple_cases.get_complete_version
        # want-blind: `len(version)` from vio.module_tuple_cases.development via vio.module_tuple_cases.get_version -> vio.module_tuple_cases.get_complete_version
        # want-blind: `len(version)` from vio.module_tuple_cases.final_display via vio.module_tuple_cases.get_version -> vio.module_tuple_cases.get_complete_version
        # want-blind: `len(version)` from vio.module_tuple_cases.module_state via vio.module_tuple_cases.__version__ -> vio.module_tuple_cases.get_version -> vio.module_tuple_cases.get_complete_version
        # want-blind: `len(version)` from vio.module_tuple_cases.released via vio.module_tuple_cases.get_version -> vio.module_tuple_cases.get_complete_version
        assert len(version) == 5
    return version


def get_version(version=None):
    version = get_complete_version(version)
    # want-blind: `version.__getitem__(...)` from vio.module_tuple_cases.alpha_display via vio.module_tuple_cases.get_version
    # want-blind: `version.__getitem__(...)` from vio.module_tuple_cases.bare via vio.module_tuple_cases.get_version
    # want-blind: `version.__getitem__(...)` from vio.module_tuple_cases.bound_twice via vio.module_tuple_cases.get_version
    # want-blind: `version.__getitem__(...)` from vio.module_tuple_cases.development via vio.module_tuple_cases.get_version
    # want-blind: `version.__getitem__(...)` from vio.module_tuple_cases.final_display via vio.module_tuple_cases.get_version
    # want-blind: `version.__getitem__(...)` from vio.module_tuple_cases.module_state via vio.module_tuple_cases.__version__ -> vio.module_tuple_cases.get_version
    # want-blind: `version.__getitem__(...)` from vio.module_tuple_cases.released via vio.module_tuple_cases.get_version
    # want-blind: `version.__getitem__(...)` from vio.module_tuple_cases.shadowed via vio.module_tuple_cases.get_version
    # want-blind: `version.__getitem__(...)` from vio.module_tuple_cases.stored_outside via vio.module_tuple_cases.get_version
    if version[3] == "alpha" and version[4] == 0:
        # want: deterministic call time.time from vio.module_tuple_cases.development via vio.module_tuple_cases.get_version
        # want: deterministic call time.time from vio.module_tuple_cases.stored_outside via vio.module_tuple_cases.get_version
        # want: deterministic call time.time from vio.module_tuple_cases.bound_twice via vio.module_tuple_cases.get_version
        # want: deterministic call time.time from vio.module_tuple_cases.shadowed via vio.module_tuple_cases.get_version
        # want: deterministic call time.time from vio.module_tuple_cases.alpha_display via vio.module_tuple_cases.get_version
        return time.time()
    return version[0]


__version__ = get_version(VERSION)


# claims: deterministic
def bare():
    return get_version()


# claims: deterministic
def released():
    return get_version(VERSION)


# claims: deterministic
def module_state():
    return __version__


# claims: deterministic
def final_display():
    return get_version((5, 0, 0, "final", 0))


# claims: deterministic
def development():
    return get_version(DEVELOPMENT)  # the constant's value takes the branch


# claims: deterministic
def alpha_display():
    return get_version((5, 0, 0, "alpha", 0))


def restore():
    module_tuple_consts.STORED = (5, 2, 0, "alpha", 0)


# claims: deterministic
def stored_outside():
    return get_version(STORED)  # another module stores it: open


# claims: deterministic
def bound_twice():
    return get_version(TWICE)  # its module binds it twice: open


# claims: deterministic
def shadowed(VERSION):  # noqa: N803
    return get_version(VERSION)  # the caller's own name: open


def make_version():
    return (5, 2, 0, "alpha", 0)


def maybe_complete(version=None):
    """May return what `make_version` made: no literal known."""
    if version is None:
        version = make_version()
    return version


def get_maybe(version=None):
    version = maybe_complete(version)
    # want-blind: `version.__getitem__(...)` from vio.module_tuple_cases.maybe_bare via vio.module_tuple_cases.get_maybe
    if version[3] == "alpha":
        # want: deterministic call time.time from vio.module_tuple_cases.maybe_bare via vio.module_tuple_cases.get_maybe
        return time.time()
    return version[0]


# claims: deterministic
def maybe_bare():
    return get_maybe()


def first_or_constant(version=None):
    """Two returns: not one `return p`."""
    if version is None:
        return VERSION
    return version


def get_first(version=None):
    version = first_or_constant(version)
    # want-blind: `version.__getitem__(...)` from vio.module_tuple_cases.two_returns via vio.module_tuple_cases.get_first
    if version[3] != "final":
        # want: deterministic call time.time from vio.module_tuple_cases.two_returns via vio.module_tuple_cases.get_first
        return time.time()
    return version[0]


# claims: deterministic
def two_returns():
    return get_first()


def complete_later(version=None):
    if version is None:
        from vio.module_tuple_consts import VERSION as version
    return version


def get_later(version=None):
    # want-blind: `str(version)` from vio.module_tuple_cases.not_first via vio.module_tuple_cases.get_later
    print(version)
    version = complete_later(version)  # not the first statement
    # want-blind: `version.__getitem__(...)` from vio.module_tuple_cases.not_first via vio.module_tuple_cases.get_later
    if version[3] == "alpha":
        # want: deterministic call time.time from vio.module_tuple_cases.not_first via vio.module_tuple_cases.get_later
        return time.time()
    return version[0]


# claims: deterministic
def not_first():
    return get_later()
