"""Propagation: reaches found through helpers, constructors, methods and decorators."""

import time


def stamp():
    return time.time()  # want: deterministic call time.time from vio.aliases.relative_import via vio.helpers.stamp; deterministic call time.time from vio.aliases.relative_module via vio.helpers.stamp; deterministic call time.time from vio.aliases.package_reexport via vio.helpers.stamp; deterministic call time.time from vio.helpers.one_hop via vio.helpers.stamp; deterministic call time.time from vio.helpers.two_hops via vio.helpers.relay -> vio.helpers.stamp; deterministic call time.time from vio.helpers.callback_value via vio.helpers.far -> vio.helpers.relay -> vio.helpers.stamp


def relay():
    return stamp()


def far():
    return relay()


# claims: deterministic
def one_hop():
    return stamp()


# claims: deterministic
def two_hops():
    return relay()


class Recorder:
    def __init__(self):
        self.started = time.monotonic()  # want: deterministic call time.monotonic from vio.helpers.through_constructor via vio.helpers.Recorder.__init__; deterministic call time.monotonic from vio.helpers.through_local_instance via vio.helpers.Recorder.__init__; deterministic call time.monotonic from vio.helpers.through_classmethod via vio.helpers.Recorder.make -> vio.helpers.Recorder.__init__ # want: deterministic call time.monotonic from vio.typed.imported_inside via vio.helpers.Recorder.__init__

    def record(self):
        return self.helper()

    def helper(self):
        return time.perf_counter()  # want: deterministic call time.perf_counter from vio.helpers.through_self_method via vio.helpers.Recorder.record -> vio.helpers.Recorder.helper; deterministic call time.perf_counter from vio.helpers.through_annotated_parameter via vio.helpers.Recorder.helper; deterministic call time.perf_counter from vio.helpers.through_local_instance via vio.helpers.Child.helper -> vio.helpers.Recorder.helper

    @classmethod
    def make(cls):
        return cls()


class Child(Recorder):
    def helper(self):
        return super().helper()


# claims: deterministic
def through_constructor():
    return Recorder()


# claims: deterministic
def through_self_method():
    recorder = Recorder.__new__(Recorder)
    return Recorder.record(recorder)


# claims: deterministic
def through_annotated_parameter(recorder: Recorder):
    return recorder.helper()


# claims: deterministic
def through_local_instance():
    child = Child.__new__(Child)
    other = Child()
    return child, other.helper()


# claims: deterministic
def through_classmethod():
    return Recorder.make()


def ping(n):
    return pong(n - 1) if n else 0  # want-blind: `bool(n)` from vio.helpers.through_cycle via vio.helpers.ping


def pong(n):
    return ping(n) + time.time_ns()  # want: deterministic call time.time_ns from vio.helpers.through_cycle via vio.helpers.ping -> vio.helpers.pong # want-blind: `ping(...).__add__(...)` from vio.helpers.through_cycle via vio.helpers.ping -> vio.helpers.pong


# claims: deterministic
def through_cycle():
    return ping(3)


def left():
    return leaf()


def right():
    return leaf()


def leaf():
    return time.time()  # want: deterministic call time.time from vio.helpers.diamond via vio.helpers.left -> vio.helpers.leaf


# claims: deterministic
def diamond():
    return right() + left()  # want-blind: `left(...).__radd__(...)` from vio.helpers.diamond # want-blind: `right(...).__add__(...)` from vio.helpers.diamond


def timed(func):
    time.sleep(0)  # want: deterministic call time.sleep from vio.helpers.decorated via vio.helpers.timed
    return func


# claims: deterministic
@timed
def decorated():
    return 1


# claims: deterministic
def callback_value():
    return sorted([3, 1], key=far)


# claims: deterministic
def pure_helpers(values):
    return sum(values) + len(values)  # want-blind: `iter(values)` from vio.helpers.pure_helpers # want-blind: `len(values)` from vio.helpers.pure_helpers # want-blind: `sum(...).__add__(...)` from vio.helpers.pure_helpers
