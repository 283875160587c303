"""Every step of a violation's chain says how it was entered (docs/reports.md, `steps`): a subclass's override
of the method called, a callable stored in an attribute, a special method an operator calls. Each shape has its
near miss: the same dispatch landing on pure code holds."""

import time
from typing import Protocol


# -- an override ----------------------------------------------------------------------------------------------


class Base:
    def tick(self):
        return 0

    def run(self):
        return self.tick()  # base


class Timed(Base):
    def tick(self):
        return time.time()  # want: deterministic call time.time from vio.steps_cases.runs_base via vio.steps_cases.Base.run -> vio.steps_cases.Timed.tick


# claims: deterministic
def runs_base(b: Base):
    return b.run()


class Quiet:
    def tick(self):
        return 0

    def run(self):
        return self.tick()


class Louder(Quiet):
    def tick(self):
        return 1


# claims: deterministic
def runs_quiet(q: Quiet):
    return q.run()


# -- a stored callable --------------------------------------------------------------------------------------


class Clocked:
    def __init__(self, now=time.monotonic):  # want: deterministic call time.monotonic from vio.steps_cases.reads_stored via vio.steps_cases.Clocked.read
        self._now = now

    def read(self):
        return self._now()  # clocked  # want-blind: `self._now()` from vio.steps_cases.reads_stored via vio.steps_cases.Clocked.read


# claims: deterministic
def reads_stored(c: Clocked):
    return c.read()  # stored


def _zero():
    return 0


class Counted:
    def __init__(self, now=_zero):
        self._now = now

    def read(self):
        return self._now()  # want-blind: `self._now()` from vio.steps_cases.reads_stored_pure via vio.steps_cases.Counted.read


# claims: deterministic
def reads_stored_pure(c: Counted):
    return c.read()


# -- an operator --------------------------------------------------------------------------------------------


class Stamp:
    def __add__(self, other):
        return time.time()  # want: deterministic call time.time from vio.steps_cases.adds via vio.steps_cases.Stamp.__add__


# claims: deterministic
def adds(a: Stamp, b: Stamp):
    return a + b  # stamps


class Plain:
    def __add__(self, other):
        return 0


# claims: deterministic
def adds_plain(a: Plain, b: Plain):
    return a + b


# -- a protocol implementer ---------------------------------------------------------------------------------


class Ticker(Protocol):
    def beat(self) -> float: ...


class WallTicker:
    def beat(self) -> float:
        return time.time()  # want: deterministic call time.time from vio.steps_cases.beats via vio.steps_cases.WallTicker.beat


# claims: deterministic
def beats(t: Ticker):
    return t.beat()


# -- what a read runs: a property's getter, __getattr__, __getattribute__, a descriptor's __get__ -------------


class Gauge:
    @property
    def level(self):
        return time.time()  # want: deterministic call time.time from vio.steps_cases.reads_property via vio.steps_cases.Gauge.level; deterministic call time.time from vio.steps_cases.probes_property via vio.steps_cases.Gauge.level; deterministic call time.time from vio.steps_cases.fetches_by_name via vio.steps_cases.Gauge.level


# claims: deterministic
def reads_property(g: Gauge):
    return g.level  # property read


# claims: deterministic
def probes_property(g: Gauge):
    return hasattr(g, "level")  # property probe


# claims: deterministic
def fetches_by_name(g: Gauge, name: str):
    return getattr(g, name)  # computed name


class Dial:
    @property
    def level(self):
        return 0

    @level.setter
    def level(self, value):
        self._at = time.time()  # want: deterministic call time.time from vio.steps_cases.assigns_property via vio.steps_cases.Dial.level

    @level.deleter
    def level(self):
        self._at = time.time()  # want: deterministic call time.time from vio.steps_cases.deletes_property via vio.steps_cases.Dial.level


# claims: deterministic
def assigns_property(d: Dial):
    d.level = 1  # property store


# claims: deterministic
def deletes_property(d: Dial):
    del d.level  # property delete


class Lazy:
    def __getattr__(self, name):
        return time.time()  # want: deterministic call time.time from vio.steps_cases.reads_missing via vio.steps_cases.Lazy.__getattr__


# claims: deterministic
def reads_missing(z: Lazy):
    return z.anything  # getattr hook


class Watched:
    def __getattribute__(self, name):
        return time.time()  # want: deterministic call time.time from vio.steps_cases.reads_watched via vio.steps_cases.Watched.__getattribute__


# claims: deterministic
def reads_watched(w: Watched):
    return w.anything  # getattribute hook


class Clock:
    def __get__(self, obj, owner=None):
        return time.time()  # want: deterministic call time.time from vio.steps_cases.reads_descriptor via vio.steps_cases.Clock.__get__


class Holder:
    now = Clock()


# claims: deterministic
def reads_descriptor(h: Holder):
    return h.now  # descriptor


# -- the stdlib calling back ----------------------------------------------------------------------------------


class Copied:
    def __copy__(self):
        return time.time()  # want: deterministic call time.time from vio.steps_cases.copies via vio.steps_cases.Copied.__copy__


# claims: deterministic
def copies(c: Copied):
    import copy

    return copy.copy(c)  # copy calls back


class CalmGauge:
    @property
    def level(self):
        return 0

    def __getattr__(self, name):
        return 0


# claims: deterministic
def reads_calm(g: CalmGauge):
    return g.level, g.anything, hasattr(g, "other")


class Later:
    def __call__(self):
        return time.time()  # want: deterministic call time.time from vio.steps_cases.runs_at_exit via vio.steps_cases.Later.__call__


# claims: deterministic
def runs_at_exit(task: Later):
    import contextlib

    with contextlib.ExitStack() as stack:  # want-blind: `with contextlib.ExitStack(...)` from vio.steps_cases.runs_at_exit
        stack.callback(task)  # registered
    return 0

