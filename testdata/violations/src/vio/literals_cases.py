"""semantics §5, literal arguments decide the callee's tests: a call that passes a literal (`None`, `True`, `False`, a
number, a string), or leaves a parameter at a literal default, decides the callee's own tests of that parameter
(`p is None`, `p is not None`, `p == "x"`, `if p:`, `if not p:`), and in the callees it is passed on to unchanged
(forwarding_cases.py). Unknown arguments, a rebound parameter and an unpacked call keep both branches."""

import os
import time


class Apps:
    def __init__(self, installed_apps=()):
        if installed_apps is not None:
            self.populate(installed_apps)

    def populate(self, installed_apps):
        # want: deterministic call time.time from vio.literals_cases.apps_default via vio.literals_cases.Apps.__init__ -> vio.literals_cases.Apps.populate
        # want: deterministic call time.time from vio.literals_cases.apps_unknown via vio.literals_cases.Apps.__init__ -> vio.literals_cases.Apps.populate
        return time.time()


# claims: deterministic
def apps_none():
    return Apps(installed_apps=None)


# claims: deterministic
def apps_positional_none():
    return Apps(None)


# claims: deterministic
def apps_default():
    return Apps()


# claims: deterministic
def apps_unknown(given):
    return Apps(given)


def attrib(default=None, factory=None, validator=None):
    if factory is not None:
        # want-blind: `factory()` from vio.literals_cases.attrib_stamped via vio.literals_cases.attrib
        return factory()  # want-blind: `factory()` from vio.literals_cases.attrib_unknown via vio.literals_cases.attrib
    if validator:  # want-blind: `bool(validator)` from vio.literals_cases.attrib_later via vio.literals_cases.attrib # want-blind: `bool(validator)` from vio.literals_cases.attrib_not_validated via vio.literals_cases.attrib # want-blind: `bool(validator)` from vio.literals_cases.attrib_now via vio.literals_cases.attrib # want-blind: `bool(validator)` from vio.literals_cases.attrib_plain via vio.literals_cases.attrib # want-blind: `bool(validator)` from vio.literals_cases.attrib_unknown via vio.literals_cases.attrib # want-blind: `bool(validator)` from vio.literals_cases.attrib_validated via vio.literals_cases.attrib
        os.getenv("VALIDATE")  # want: deterministic call os.getenv from vio.literals_cases.attrib_validated via vio.literals_cases.attrib
    if default == "now":  # want-blind: `default.__eq__(...)` from vio.literals_cases.attrib_later via vio.literals_cases.attrib # want-blind: `default.__eq__(...)` from vio.literals_cases.attrib_not_validated via vio.literals_cases.attrib # want-blind: `default.__eq__(...)` from vio.literals_cases.attrib_now via vio.literals_cases.attrib # want-blind: `default.__eq__(...)` from vio.literals_cases.attrib_plain via vio.literals_cases.attrib # want-blind: `default.__eq__(...)` from vio.literals_cases.attrib_unknown via vio.literals_cases.attrib # want-blind: `default.__eq__(...)` from vio.literals_cases.attrib_validated via vio.literals_cases.attrib
        return time.monotonic()  # want: deterministic call time.monotonic from vio.literals_cases.attrib_now via vio.literals_cases.attrib
    return default


def stamp():
    return time.time()  # want: deterministic call time.time from vio.literals_cases.attrib_stamped via vio.literals_cases.stamp


# claims: deterministic
def attrib_plain():
    return attrib(default=1)


# claims: deterministic
def attrib_unknown(f):
    return attrib(factory=f)


# claims: deterministic
def attrib_stamped():
    return attrib(factory=stamp)


# claims: deterministic
def attrib_validated():
    return attrib(validator=True)


# claims: deterministic
def attrib_not_validated():
    return attrib(validator=False)


# claims: deterministic
def attrib_now():
    return attrib("now")


# claims: deterministic
def attrib_later():
    return attrib("later")


class Clock:
    def read(self, precise=False):
        if not precise:  # want-blind: `bool(precise)` from vio.literals_cases.clock_coarse via vio.literals_cases.Clock.read # want-blind: `bool(precise)` from vio.literals_cases.clock_precise via vio.literals_cases.Clock.read
            return 0
        else:
            return time.perf_counter()  # want: deterministic call time.perf_counter from vio.literals_cases.clock_precise via vio.literals_cases.Clock.read

    @classmethod
    def make(cls, fresh=False):
        if fresh is True:
            return time.time_ns()  # want: deterministic call time.time_ns from vio.literals_cases.clock_fresh via vio.literals_cases.Clock.make
        return 0

    @staticmethod
    def helper(mode="x"):
        if mode != "x":  # want-blind: `mode.__ne__(...)` from vio.literals_cases.clock_helper_x via vio.literals_cases.Clock.helper # want-blind: `mode.__ne__(...)` from vio.literals_cases.clock_helper_y via vio.literals_cases.Clock.helper
            return os.getcwd()  # want: deterministic call os.getcwd from vio.literals_cases.clock_helper_y via vio.literals_cases.Clock.helper
        return mode


# claims: deterministic
def clock_coarse(c: Clock):
    return c.read()


# claims: deterministic
def clock_precise(c: Clock):
    return c.read(True)


# claims: deterministic
def clock_stale():
    return Clock.make()


# claims: deterministic
def clock_fresh():
    return Clock.make(fresh=True)


# claims: deterministic
def clock_helper_x():
    return Clock.helper()


# claims: deterministic
def clock_helper_y():
    return Clock.helper("y")


# -- near misses that must stay flagged: the test is not of the argument, or the call does not say -------------
def rebinds(flag=None):
    flag = flag or os.environ.get("FLAG")  # want: deterministic read os.environ from vio.literals_cases.rebound_flag via vio.literals_cases.rebinds # want-blind: `bool(flag)` from vio.literals_cases.rebound_flag via vio.literals_cases.rebinds
    if flag is not None:
        return time.time()  # want: deterministic call time.time from vio.literals_cases.rebound_flag via vio.literals_cases.rebinds
    return 0


# claims: deterministic
def rebound_flag():
    return rebinds(None)


def shadowed(flag=None):
    def inner(flag):
        if flag:  # want-blind: `bool(flag)` from vio.literals_cases.shadow via vio.literals_cases.shadowed
            return time.time()  # want: deterministic call time.time from vio.literals_cases.shadow via vio.literals_cases.shadowed
        return 0

    return inner(True)  # a local def: its body is shadowed's own, no blind spot


# claims: deterministic
def shadow():
    return shadowed(None)


def forwards(flag=None):
    return checks(flag)


def checks(flag):
    if flag:  # want-blind: `bool(flag)` from vio.literals_cases.two_levels via vio.literals_cases.forwards -> vio.literals_cases.checks
        return time.time()  # a literal passed on unchanged decides the next callee's test too (forwarding_cases)
    return 0


# claims: deterministic
def two_levels():
    return forwards(None)


def options(flag=None, **rest):
    if flag is not None:
        return time.time()  # want: deterministic call time.time from vio.literals_cases.unpacked via vio.literals_cases.options
    return rest


# claims: deterministic
def unpacked(extra):
    return options(**extra)


class Method:
    def run(self, flag=None):
        if flag:  # want-blind: `bool(flag)` from vio.literals_cases.through_class via vio.literals_cases.Method.run # want-blind: `bool(flag)` from vio.literals_cases.through_class_off via vio.literals_cases.Method.run
            return time.time()  # want: deterministic call time.time from vio.literals_cases.through_class via vio.literals_cases.Method.run
        return 0


# claims: deterministic
def through_class(m: Method):
    return Method.run(m, True)


# claims: deterministic
def through_class_off(m: Method):
    return Method.run(m, None)


# -- a local bound under a ruled-out branch holds nothing from there: `default = Factory` ----------------------
def _decorate(cls):
    # want: deterministic call time.time from vio.literals_cases.with_factory via vio.literals_cases.attrib_like -> vio.literals_cases.Factory -> vio.literals_cases._decorate
    cls.stamp = time.time()
    return cls


class Factory:
    pass


Factory = _decorate(Factory)


def attrib_like(default=None, factory=None):
    if factory is not None:
        default = Factory
    return default


# claims: deterministic
def without_factory():
    return attrib_like()


# claims: deterministic
def with_factory():
    return attrib_like(factory=True)


# -- a decorated callee: the decorator may pass other arguments than the call's, so nothing is decided ---------
def injects(func):
    def wrapper(*args, **kwargs):
        # want-blind: `func(True, *args, **kwargs)` from vio.literals_cases.through_decorator via vio.literals_cases.wrapped -> vio.literals_cases.injects
        return func(True, *args, **kwargs)

    return wrapper


@injects
def wrapped(flag=None, *rest):
    if flag:  # want-blind: `bool(flag)` from vio.literals_cases.through_decorator via vio.literals_cases.wrapped
        return time.time()  # want: deterministic call time.time from vio.literals_cases.through_decorator via vio.literals_cases.wrapped
    return rest


# claims: deterministic
def through_decorator():
    return wrapped(None)


class Static:
    @staticmethod
    def pick(flag=None):
        if flag:  # want-blind: `bool(flag)` from vio.literals_cases.static_off via vio.literals_cases.Static.pick # want-blind: `bool(flag)` from vio.literals_cases.static_on via vio.literals_cases.Static.pick
            return time.time()  # want: deterministic call time.time from vio.literals_cases.static_on via vio.literals_cases.Static.pick
        return 0


# claims: deterministic
def static_off():
    return Static.pick()


# claims: deterministic
def static_on():
    return Static.pick(True)


# -- an early exit: `if p is None: return` leaves the rest of the block to the runs where the test was false ----
def early(path=None, strict=False):
    if path is None:
        return ""
    # want: deterministic call os.getenv from vio.literals_cases.early_strict via vio.literals_cases.early
    text = os.getenv(path)  # want: deterministic call os.getenv from vio.literals_cases.early_given via vio.literals_cases.early
    if not strict:  # want-blind: `bool(strict)` from vio.literals_cases.early_given via vio.literals_cases.early # want-blind: `bool(strict)` from vio.literals_cases.early_strict via vio.literals_cases.early
        raise ValueError(text)
    else:
        pass
    return time.time()  # want: deterministic call time.time from vio.literals_cases.early_strict via vio.literals_cases.early


# claims: deterministic
def early_none():
    return early()


# claims: deterministic
def early_given(path: str):
    return early(path)


# claims: deterministic
def early_strict(path: str):
    return early(path, strict=True)


def falls_through(flag=None):
    if flag is None:
        with open(os.devnull):  # want: deterministic call builtins.open from vio.literals_cases.through_with via vio.literals_cases.falls_through
            return 0
    for item in (1, 2):
        if flag is None:
            break
        return item
    return time.time()  # want: deterministic call time.time from vio.literals_cases.through_with via vio.literals_cases.falls_through


# claims: deterministic
def through_with():
    return falls_through()
