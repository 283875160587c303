"""A call on a value typed by a project protocol enters only the classes that conform to it: each binds every member
the protocol declares (a def, a property, a class-body annotation or assignment, a field set on `self`; a data
member may also be what the class's `__getattr__` answers), and the called member accepts the call's arguments.
A class that merely shares the method name is not entered. See docs/analysis.md (structural dispatch)."""

import datetime
import os
import time
from typing import Protocol


# -- a class missing another member of the protocol is not entered --------------------------------------------------
class Stepper(Protocol):
    def step_clock(self) -> float: ...

    def step_label(self) -> str: ...


class FullStepper:
    def step_clock(self) -> float:
        return time.time()  # want: deterministic call time.time from vio.conformance_cases.step via vio.conformance_cases.FullStepper.step_clock

    def step_label(self) -> str:
        return "full"


class HalfStepper:  # no `step_label`: not a Stepper
    def step_clock(self) -> float:
        return time.monotonic()


# claims: deterministic
def step(stepper: Stepper) -> float:
    return stepper.step_clock()


# near miss: the classes that read the clock share the name only; the conforming one reaches nothing: held
class Gauge(Protocol):
    def gauge_read(self) -> float: ...

    def gauge_unit(self) -> str: ...


class QuietGauge:
    def gauge_read(self) -> float:
        return 0.0

    def gauge_unit(self) -> str:
        return "s"


class LoudGauge:  # no `gauge_unit`: no Gauge, and no Meter
    def gauge_read(self) -> float:
        return time.time()  # want: deterministic call time.time from vio.conformance_cases.gauge_all via vio.conformance_cases.LoudGauge.gauge_read


class InheritingGauge(LoudGauge):  # inherits `gauge_read` and adds `gauge_unit`: a Gauge (an inherited member counts)
    def gauge_unit(self) -> str:
        return "ms"


class Meter(Protocol):
    def gauge_read(self) -> float: ...

    def meter_scale(self) -> int: ...


class QuietMeter:
    def gauge_read(self) -> float:
        return 1.0

    def meter_scale(self) -> int:
        return 1


# claims: deterministic
def gauge_quiet(meter: Meter) -> float:
    return meter.gauge_read()


# claims: deterministic
def gauge_all(gauge: Gauge) -> float:
    return gauge.gauge_read()


# -- an inherited member counts: the subclass conforms, and its base's def is entered -------------------------------
class Timed(Protocol):
    def timed_read(self) -> float: ...

    def timed_unit(self) -> str: ...


class TimedBase:
    def timed_read(self) -> float:
        return time.perf_counter()  # want: deterministic call time.perf_counter from vio.conformance_cases.timed via vio.conformance_cases.TimedBase.timed_read


class TimedChild(TimedBase):
    def timed_unit(self) -> str:
        return "s"


# claims: deterministic
def timed(source: Timed) -> float:
    return source.timed_read()


# -- the called member must accept the call's arguments ---------------------------------------------------------------
class Scaler(Protocol):
    def scale_by(self, factor: float) -> float: ...


class PlainScaler:
    def scale_by(self, factor: float) -> float:
        return factor


class ClockScaler:  # takes no factor: `scale_by(2.0)` raises before its body runs
    def scale_by(self) -> float:
        return time.time()


class RatioScaler:  # takes one argument, named otherwise: positionally it fits, by keyword `factor` it does not
    def scale_by(self, ratio: float) -> float:
        return ratio * time.monotonic()  # want: deterministic call time.monotonic from vio.conformance_cases.scale via vio.conformance_cases.RatioScaler.scale_by


class StarScaler:  # `*args` takes any positional arguments, no keyword
    def scale_by(self, *args: float) -> float:
        return time.perf_counter()  # want: deterministic call time.perf_counter from vio.conformance_cases.scale via vio.conformance_cases.StarScaler.scale_by


class KeywordScaler:  # `**options` takes any keyword
    def scale_by(self, **options: float) -> float:
        return time.time()  # want: deterministic call time.time from vio.conformance_cases.scale_named via vio.conformance_cases.KeywordScaler.scale_by


class RequiredScaler:  # a second parameter with no default: one argument leaves it unbound
    def scale_by(self, factor: float, offset: float) -> float:
        return time.process_time()


# claims: deterministic
def scale(scaler: Scaler) -> float:
    return scaler.scale_by(2.0)


# claims: deterministic
def scale_named(scaler: Scaler) -> float:
    return scaler.scale_by(factor=2.0)


# -- data members: a property, a field, a class-level annotation; `__getattr__` may answer for one -------------------
class Sized(Protocol):
    sized_count: int

    def sized_total(self) -> int: ...


class PropertySized:
    @property
    def sized_count(self) -> int:
        return int(time.time())  # want: deterministic call time.time from vio.conformance_cases.sized_read via vio.conformance_cases.PropertySized.sized_count

    def sized_total(self) -> int:
        return 0


class FieldSized:
    def __init__(self) -> None:
        self.sized_count = 3

    def sized_total(self) -> int:
        return int(time.time())  # want: deterministic call time.time from vio.conformance_cases.sized_sum via vio.conformance_cases.FieldSized.sized_total


class AnnotatedSized:
    sized_count: int

    def sized_total(self) -> int:
        return 1


class CountlessSized:  # no `sized_count`: not a Sized
    def sized_total(self) -> int:
        return int(time.monotonic())


# claims: deterministic
def sized_read(sized: Sized) -> int:
    return sized.sized_count


# claims: deterministic
def sized_sum(sized: Sized) -> int:
    return sized.sized_total()


class Labelled(Protocol):
    label_text: str

    def label_show(self) -> str: ...


class LazyLabelled:  # `label_text` is what `__getattr__` answers
    def label_show(self) -> str:
        return "shown"

    def __getattr__(self, name: str) -> str:
        return os.environ.get(name, "")  # want: deterministic read os.environ from vio.conformance_cases.label_read via vio.conformance_cases.LazyLabelled.__getattr__


# claims: deterministic
def label_read(item: Labelled) -> str:
    return item.label_text


# a protocol's property is a data member: an implementer's property is entered where the value is read
class Timestamped(Protocol):
    @property
    def stamp_value(self) -> float: ...

    def stamp_kind(self) -> str: ...


class PropertyStamped:
    @property
    def stamp_value(self) -> float:
        return time.time()  # want: deterministic call time.time from vio.conformance_cases.stamp_read via vio.conformance_cases.PropertyStamped.stamp_value

    def stamp_kind(self) -> str:
        return "property"


class KindlessStamped:  # no `stamp_kind`: not Timestamped
    @property
    def stamp_value(self) -> float:
        return time.monotonic()


# claims: deterministic
def stamp_read(item: Timestamped) -> float:
    return item.stamp_value


# near miss: a class answering every name by `__getattr__` but defining no `open_door` is no Door (a protocol's
# method must be bound); the one Door reaches nothing: held
class Door(Protocol):
    def open_door(self) -> object: ...


class AnyProxy:
    def __getattr__(self, name: str) -> float:
        return time.time()


class WoodenDoor:
    def open_door(self) -> object:
        return None


# claims: deterministic
def open_it(door: Door) -> object:
    return door.open_door()


# -- a member a stdlib base supplies: the class binds the other one, and the base's method is entered -----------------
class Nower(Protocol):
    def now(self) -> object: ...

    def nower_name(self) -> str: ...


class StampDate(datetime.datetime):
    def nower_name(self) -> str:
        return "stamp"


# claims: deterministic
def nowish(nower: Nower) -> object:
    return nower.now()  # want: deterministic call datetime.datetime.now from vio.conformance_cases.nowish


# -- a callable stored on the instance is the member --------------------------------------------------------------
class Runner(Protocol):
    def run_job(self) -> float: ...


class StoredRunner:
    def __init__(self) -> None:
        self.run_job = time.time


# claims: deterministic
def run(runner: Runner) -> float:
    return runner.run_job()  # want: deterministic call time.time from vio.conformance_cases.run


# -- fail closed: a harmless implementer beside one whose member is unknown keeps the blind spot -----------------
class Feeder(Protocol):
    def feed_one(self) -> object: ...


class HarmlessFeeder:
    def feed_one(self) -> object:
        return None


class GivenFeeder:
    def __init__(self, source: object) -> None:
        self.feed_one = source


# claims: deterministic
def feed(feeder: Feeder) -> object:
    return feeder.feed_one()  # want-blind: `feeder.feed_one()` from vio.conformance_cases.feed


# -- a callback protocol: `__call__` must accept the call ----------------------------------------------------------
class Handler(Protocol):
    def __call__(self, event: str, *, urgent: bool = False) -> object: ...


class QuietHandler:
    def __call__(self, event: str, *, urgent: bool = False) -> object:
        return event


class ClockHandler:  # takes no `urgent` keyword: `handler("e", urgent=True)` cannot call it
    def __call__(self, event: str) -> object:
        return time.time()  # want: deterministic call time.time from vio.protocol_cases.fire via vio.conformance_cases.ClockHandler.__call__


# claims: deterministic
def handle(handler: Handler) -> object:
    return handler("e", urgent=True)
