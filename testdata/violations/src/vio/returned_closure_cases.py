"""What a call of a project function returns, when each of its `return`s hands back one of its own nested defs or
a lambda, is those function values: calling it runs their bodies, in the factory's scope (a local def they call by
name included), and not the factory's own statements nor a local def it never hands out (docs/semantics.md §4.7,
structlog's `_make_stamper`)."""

import functools
import time


def _make_stamper(fmt):
    if fmt is None:

        def now():
            return time.time()  # want: deterministic call time.time from vio.returned_closure_cases.TimeStamper.stamp via vio.returned_closure_cases._make_stamper # want: deterministic call time.time from vio.returned_closure_cases.stamps_directly via vio.returned_closure_cases._make_stamper

    else:

        def now():
            return 0.0

    def stamper(event):
        event["timestamp"] = now()  # want-blind: `now()` from vio.returned_closure_cases.TimeStamper.stamp via vio.returned_closure_cases._make_stamper; `event.__setitem__(...)` from vio.returned_closure_cases.TimeStamper.stamp via vio.returned_closure_cases._make_stamper; `now()` from vio.returned_closure_cases.stamps_directly via vio.returned_closure_cases._make_stamper; `event.__setitem__(...)` from vio.returned_closure_cases.stamps_directly via vio.returned_closure_cases._make_stamper
        return event

    return stamper


# -- stored in a field, then called (structlog's TimeStamper) -------------------------------------------------


class TimeStamper:
    def __init__(self, fmt=None):
        self._stamper = _make_stamper(fmt)

    # claims: deterministic
    def stamp(self, event):
        return self._stamper(event)


# -- called where it is made ----------------------------------------------------------------------------------


# claims: deterministic
def stamps_directly(event):
    return _make_stamper(None)(event)


# -- a lambda, and a `wraps` wrapper (a decorator factory's shape) --------------------------------------------


def _clock():
    return lambda: time.monotonic()  # want: deterministic call time.monotonic from vio.returned_closure_cases.reads_clock via vio.returned_closure_cases._clock


# claims: deterministic
def reads_clock():
    return _clock()()


def _timed(func):
    @functools.wraps(func)
    def wrapper(*args):
        started = time.perf_counter()  # want: deterministic call time.perf_counter from vio.returned_closure_cases.times_it via vio.returned_closure_cases._timed
        return func(*args), started  # want-blind: `func(*args)` from vio.returned_closure_cases.times_it via vio.returned_closure_cases._timed

    return wrapper


# claims: deterministic
def times_it(x):
    return _timed(abs)(x)


# -- near misses: the returned def is pure; the impure local def is never handed out ------------------------------


def _make_adder(step):
    def tick():
        return time.time()

    def add(x):
        return x + step  # want-blind: `step.__radd__(...)` from vio.returned_closure_cases.Adder.add via vio.returned_closure_cases._make_adder; `x.__add__(...)` from vio.returned_closure_cases.Adder.add via vio.returned_closure_cases._make_adder

    if step is None:
        return add
    return add


class Adder:
    def __init__(self, step):
        self._add = _make_adder(step)

    # claims: deterministic
    def add(self, x):
        return self._add(x)


def _make_pure():
    def pure(x):
        return -x  # want-blind: `x.__neg__(...)` from vio.returned_closure_cases.Negator.negate via vio.returned_closure_cases._make_pure

    return pure


class Negator:
    def __init__(self):
        self._negate = _make_pure()

    # claims: deterministic
    def negate(self, x):
        return self._negate(x)
