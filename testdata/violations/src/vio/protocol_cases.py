"""semantics §5: a receiver annotated with a `typing.Protocol` class dispatches structurally. Every project class that
conforms to the protocol (binds every member it declares, explicit subclasses of the protocol too) is a candidate,
and the protocol's own def when its body is more than `...`, `pass` or a docstring; with no candidate the call is
a blind spot (`conformance_cases.py` has the near misses). Before, such
a call entered the protocol's empty stub: it reached nothing and hid nothing. A stdlib protocol (`SupportsInt`)
says nothing of the value's class either: a call of its methods is a blind spot, not the stub's method."""

import os
import time
import typing
from typing import Protocol, TypeVar

import typing_extensions

T = TypeVar("T")


# -- an implementer that never names the protocol -----------------------------------------------------------------
class Clock(Protocol):
    def read_clock(self) -> float: ...


class WallClock:
    def read_clock(self) -> float:
        # want: deterministic call time.time from vio.protocol_cases.stamp via vio.protocol_cases.WallClock.read_clock
        return time.time()


class FixedClock:
    def read_clock(self) -> float:
        return 0.0


# claims: deterministic
def stamp(clock: Clock) -> float:
    return clock.read_clock()


# a protocol deriving from one (and saying it is a protocol itself) declares its base's members too: WallClock has
# no `clock_name`, so it does not conform, and no class does: a blind spot
class ClockAndName(Clock, Protocol):
    def clock_name(self) -> str:
        """A docstring is no body."""


# claims: deterministic
def stamp_both(clock: ClockAndName) -> float:
    return clock.read_clock()  # want-blind: `clock.read_clock()` from vio.protocol_cases.stamp_both


# -- a generic protocol, and `typing_extensions.Protocol` ---------------------------------------------------------
class Source(Protocol[T]):
    def pull_item(self) -> T: ...


class EnvSource:
    def pull_item(self) -> str | None:
        return os.getenv("ITEM")  # want: deterministic call os.getenv from vio.protocol_cases.pull via vio.protocol_cases.EnvSource.pull_item


# claims: deterministic
def pull(source: Source[str]) -> str | None:
    return source.pull_item()


class Pinger(typing_extensions.Protocol):
    def ping_once(self) -> float:
        pass


class MonotonicPinger:
    def ping_once(self) -> float:
        return time.monotonic()  # want: deterministic call time.monotonic from vio.protocol_cases.ping via vio.protocol_cases.MonotonicPinger.ping_once


# claims: deterministic
def ping(pinger: Pinger) -> float:
    return pinger.ping_once()


# -- an explicit subclass of the protocol is an implementer too ---------------------------------------------------
class Counter(Protocol):
    def count_now(self) -> float: ...


class PerfCounter(Counter):
    def count_now(self) -> float:
        return time.perf_counter()  # want: deterministic call time.perf_counter from vio.protocol_cases.count via vio.protocol_cases.PerfCounter.count_now


# claims: deterministic
def count(counter: Counter) -> float:
    return counter.count_now()


# -- the protocol's own body, when it has one, is walked ----------------------------------------------------------
class Described(Protocol):
    def describe_time(self) -> str:
        return str(time.time())  # want: deterministic call time.time from vio.protocol_cases.describe via vio.protocol_cases.Described.describe_time

    def describe_label(self) -> str:
        return ",".join(["a", "b"])


# claims: deterministic
def describe(item: Described) -> str:
    return item.describe_time()


# near miss: a real body that reaches nothing, and no implementer: held, no blind spot
# claims: deterministic
def label(item: Described) -> str:
    return item.describe_label()


# -- near miss: an implementer of another method name is not entered ----------------------------------------------
class Renderer(Protocol):
    def render_plain(self) -> str: ...


class PlainRenderer:
    def render_plain(self) -> str:
        return "plain"


class TimedRenderer:
    def render_timed(self) -> str:
        return str(time.time())


# claims: deterministic
def render(renderer: Renderer) -> str:
    return renderer.render_plain()


# -- no implementer at all: a blind spot, never the stub ----------------------------------------------------------
class Sink(Protocol):
    def flush_sink(self) -> None: ...


# claims: deterministic
def drain(sink: Sink) -> None:
    sink.flush_sink()  # want-blind: `sink.flush_sink()` from vio.protocol_cases.drain


# -- a callback protocol: calling the value enters every project `__call__` ---------------------------------------
class Callback(Protocol):
    def __call__(self, value: str) -> object: ...


class TimedCallback:
    def __call__(self, value: str) -> object:
        return time.time()  # want: deterministic call time.time from vio.protocol_cases.fire via vio.protocol_cases.TimedCallback.__call__


# claims: deterministic
def fire(callback: Callback) -> object:
    return callback("x")  # every `__call__` of the project taking one argument: `vio.typed.Converter.__call__` too


# -- a stdlib protocol: its methods may be any class's --------------------------------------------------------------
# claims: deterministic
def as_int(value: typing.SupportsInt) -> int:
    return value.__int__()  # want-blind: `value.__int__()` from vio.protocol_cases.as_int
